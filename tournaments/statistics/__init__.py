"""Statistics from the hands already stored (never a hand still in dispute): per player and game, and per
tournament."""
