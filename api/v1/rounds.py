"""rounds resources of /api/v1/ (filled in by the resource work)."""

urlpatterns: list = []
