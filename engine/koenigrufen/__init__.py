"""Königrufen (Austrian Tarock, King calling) as a game kit: hands entered as summaries and paid by the
schedules of the Wiener Tarockcup, Vácha's school (LK) and the Raiffeisen Tarockcup (Dummett & McLeod,
supplement 18.10, 18.11)."""
