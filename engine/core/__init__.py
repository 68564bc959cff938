"""What every tarot game of the engine shares; imports nothing of ``engine`` outside ``engine.core``."""
