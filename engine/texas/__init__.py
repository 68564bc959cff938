"""Texas Tarock (Dummett & McLeod supplement 18.13 and 19.16): a game kit that scores hand summaries."""
