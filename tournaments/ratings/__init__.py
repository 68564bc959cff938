"""Ratings across tournaments (issue 24 §3): a multiplayer rating updated from the places at each table."""
