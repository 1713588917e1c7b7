"""The tournament pages, by area (the JSON API for score entry is
tournaments/api.py):

* events.py: the organiser's event pages and the changes made from them;
* rounds.py: the organiser's round and table pages (seating, starting);
* lifecycle.py: a round from start to close, the clock, the big screen;
* door.py: the door (check-in, registering at the door, self check-in);
* score_entry.py: the scorekeeper's score-entry page;
* event_defaults.py: a club's defaults for new events;
* penalties.py: an event's penalties and referees (organisers, referees);
* results.py: public standings, round results and player pages;
* public.py: an event's public page, the list of events, the club directory;
* member.py: a member's own events and self-registration;
* season.py: a club's season ranking and all-time ranking (public);
* errors.py: how a page answers a refused change.
"""
