"""The server-rendered site: thin views over ``services`` and ``selectors``, one module per audience.

* ``common``: what every page shares (the tournament lookup, the page cache keyed by versions, the
  language switch);
* ``public``: the pages everyone follows (home, pairings, standings, players, tables, draws);
* ``projector``: the same in large type for a wall, refreshing itself;
* ``entry``: a table's phone enters, confirms and contests hands with the table's entry code;
* ``organizer``: running a round and deciding disputes, where the admin is awkward;
* ``setup``: a new tournament (also a club's page's form) and its format; ``players``: the registration
  desk; ``forms``: what the organizer's forms share (typed values kept, errors named as labelled);
* ``printables``: table cards, blank score sheets and standings for paper (and PDF).
"""
