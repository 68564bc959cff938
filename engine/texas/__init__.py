"""Texas Tarock (Dummett & McLeod supplement 18.13 and 19.16): a game kit that scores hand summaries, plays
hands live with its rule bots and replays its hand records."""
