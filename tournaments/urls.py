from django.urls import path

from tournaments import api
from tournaments.views import (
    door,
    event_defaults,
    events,
    lifecycle,
    member,
    penalties,
    public,
    results,
    rounds,
    score_entry,
    season,
    table_results,
)

app_name = "tournaments"

urlpatterns = [
    path("clubs/<slug:slug>/events/", events.event_list, name="list"),
    path("clubs/<slug:slug>/events/add/", events.event_create, name="create"),
    path("clubs/<slug:slug>/event-defaults/", event_defaults.edit_event_defaults,
         name="event_defaults"),
    path("events/", public.public_events, name="public_list"),
    path("events/clubs/", public.club_directory, name="club_directory"),
    path("events/mine/", member.my_events, name="my_events"),
    path("events/<int:event_id>/", events.event_detail, name="detail"),
    path("events/<int:event_id>/edit/", events.event_edit, name="edit"),
    path("events/<int:event_id>/standings/", results.standings, name="standings"),
    path("events/<int:event_id>/register/", member.self_register, name="self_register"),
    path("events/<int:event_id>/withdraw/", member.self_withdraw, name="self_withdraw"),
    path("events/<int:event_id>/registrations/member/", door.register_member,
         name="register_member"),
    path("events/<int:event_id>/registrations/guest/", door.register_guest,
         name="register_guest"),
    path("events/<int:event_id>/registrations/<int:registration_id>/<slug:action>/",
         door.registration_action, name="registration_action"),
    path("events/<int:event_id>/scorekeepers/add/", events.scorekeeper_add,
         name="scorekeeper_add"),
    path("events/<int:event_id>/scorekeepers/remove/", events.scorekeeper_remove,
         name="scorekeeper_remove"),
    path("events/<int:event_id>/rounds/add/", events.round_add, name="round_add"),
    # Penalties and referees (tournaments.views.penalties).
    path("events/<int:event_id>/penalties/", penalties.penalty_list, name="penalties"),
    path("events/<int:event_id>/penalties/<int:penalty_id>/correct/",
         penalties.penalty_correct, name="penalty_correct"),
    path("events/<int:event_id>/penalties/<int:penalty_id>/remove/",
         penalties.penalty_remove, name="penalty_remove"),
    path("events/<int:event_id>/referees/add/", penalties.referee_add, name="referee_add"),
    path("events/<int:event_id>/referees/remove/", penalties.referee_remove,
         name="referee_remove"),
    path("rounds/<int:round_id>/", rounds.round_detail, name="round"),
    path("rounds/<int:round_id>/tables/<int:table_id>/", rounds.table_detail, name="table"),
    path("rounds/<int:round_id>/cards/", rounds.table_cards, name="table_cards"),
    path("rounds/<int:round_id>/table-results/", table_results.table_results,
         name="table_results"),
    path("rounds/<int:round_id>/<slug:action>/", rounds.round_action, name="round_action"),
    path("api/tables/<int:table_id>/", api.table_state, name="api_table"),
    path("api/tables/<int:table_id>/hands/", api.submit_hand, name="api_hands"),
]

# The scorekeeper's score-entry page (tournaments.views.score_entry).

urlpatterns += [
    path("tables/<int:table_id>/score/", score_entry.table_page, name="score_entry"),
    path("tables/score-sw.js", score_entry.service_worker, name="score_entry_sw"),
    path("api/tables/<int:table_id>/preview/", score_entry.preview, name="api_preview"),
    # Changes to saved hands and seats, and the audit trail (tournaments.api).
    path("api/tables/<int:table_id>/hands/<int:number>/correct/", api.correct_hand,
         name="api_hand_correct"),
    path("api/tables/<int:table_id>/hands/<int:number>/delete/", api.delete_hand,
         name="api_hand_delete"),
    path("api/tables/<int:table_id>/hands/<int:number>/confirm/", api.confirm_hand,
         name="api_hand_confirm"),
    path("api/tables/<int:table_id>/seats/", api.correct_seats, name="api_seats"),
    path("api/tables/<int:table_id>/history/", api.history, name="api_history"),
]

# Public results (standings, per round, per player): published events for
# anyone, drafts for their organisers (tournaments.access.get_event_for_viewer).
urlpatterns += [
    path("events/<int:event_id>/standings/live/", results.standings_live, name="standings_live"),
    path("events/<int:event_id>/rounds/<int:number>/results/", results.round_results,
         name="round_results"),
    path("events/<int:event_id>/players/<int:registration_id>/", results.player, name="player"),
]

# A round from start to close and the event to its end: the clock, tables
# that say they have finished, the confirmation before closing, finishing the
# event, and the hall's big screen (tournaments.views.lifecycle). Put first:
# rounds/<id>/close/ and the others come before rounds/<id>/<action>/.
urlpatterns[:0] = [
    path("rounds/<int:round_id>/progress/", lifecycle.round_progress,
         name="round_progress"),
    path("rounds/<int:round_id>/close/", lifecycle.round_close, name="round_close"),
    path("rounds/<int:round_id>/clock/<slug:action>/", lifecycle.round_clock,
         name="round_clock"),
    path("rounds/<int:round_id>/extra-time/", lifecycle.extra_time, name="extra_time"),
    path("tables/<int:table_id>/finished/", lifecycle.table_finished,
         name="table_finished"),
    path("events/<int:event_id>/finish/", lifecycle.event_finish, name="event_finish"),
    path("events/<int:event_id>/screen/", lifecycle.screen, name="screen"),
    path("events/<int:event_id>/screen/live/", lifecycle.screen_live,
         name="screen_live"),
    path("events/<int:event_id>/rounds/<int:number>/clock/", lifecycle.clock_face,
         name="clock_face"),
]

# The door: check-in on a phone, registering at the door, self check-in
# (tournaments.views.door).
urlpatterns += [
    path("events/<int:event_id>/door/", door.door, name="door"),
    path("events/<int:event_id>/door/everyone/", door.check_in_all,
         name="door_check_in_all"),
    path("events/<int:event_id>/door/register/", door.door_register,
         name="door_register"),
    path("events/<int:event_id>/door/self-check-in/", door.door_self_check_in,
         name="door_self_check_in"),
    path("events/<int:event_id>/door/qr/", door.door_qr, name="door_qr"),
    path("events/<int:event_id>/door/<int:registration_id>/", door.door_player,
         name="door_player"),
    path("events/<int:event_id>/check-in/", door.self_check_in, name="self_check_in"),
]

# The club competition under the club's address: the season ranking and the
# all-time ranking (tournaments.views.season), public.
urlpatterns += [
    path("clubs/<slug:slug>/season/", season.season, name="season"),
    path("clubs/<slug:slug>/season/<int:year>/", season.season, name="season_year"),
    path("clubs/<slug:slug>/all-time/", season.all_time, name="all_time"),
]
