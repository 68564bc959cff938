"""(filled in by issue 24)"""
