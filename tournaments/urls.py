from django.urls import path

from tournaments import api, defaults_views, door_views, views

app_name = "tournaments"

urlpatterns = [
    path("clubs/<slug:slug>/events/", views.event_list, name="list"),
    path("clubs/<slug:slug>/events/add/", views.event_create, name="create"),
    path("clubs/<slug:slug>/event-defaults/", defaults_views.edit_event_defaults,
         name="event_defaults"),
    path("events/", views.public_events, name="public_list"),
    path("events/clubs/", views.club_directory, name="club_directory"),
    path("events/mine/", views.my_events, name="my_events"),
    path("events/<int:event_id>/", views.event_detail, name="detail"),
    path("events/<int:event_id>/edit/", views.event_edit, name="edit"),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
    path("events/<int:event_id>/register/", views.self_register, name="self_register"),
    path("events/<int:event_id>/withdraw/", views.self_withdraw, name="self_withdraw"),
    path("events/<int:event_id>/registrations/member/", door_views.register_member,
         name="register_member"),
    path("events/<int:event_id>/registrations/guest/", door_views.register_guest,
         name="register_guest"),
    path("events/<int:event_id>/registrations/<int:registration_id>/<slug:action>/",
         door_views.registration_action, name="registration_action"),
    path("events/<int:event_id>/scorekeepers/add/", views.scorekeeper_add,
         name="scorekeeper_add"),
    path("events/<int:event_id>/scorekeepers/remove/", views.scorekeeper_remove,
         name="scorekeeper_remove"),
    path("events/<int:event_id>/rounds/add/", views.round_add, name="round_add"),
    path("rounds/<int:round_id>/", views.round_detail, name="round"),
    path("rounds/<int:round_id>/tables/<int:table_id>/", views.table_detail, name="table"),
    path("rounds/<int:round_id>/cards/", views.table_cards, name="table_cards"),
    path("rounds/<int:round_id>/<slug:action>/", views.round_action, name="round_action"),
    path("api/tables/<int:table_id>/", api.table_state, name="api_table"),
    path("api/tables/<int:table_id>/hands/", api.submit_hand, name="api_hands"),
]

# The scorekeeper's score-entry page (tournaments.entry_views).
from tournaments import entry_views  # noqa: E402

urlpatterns += [
    path("tables/<int:table_id>/score/", entry_views.table_page, name="score_entry"),
    path("tables/score-sw.js", entry_views.service_worker, name="score_entry_sw"),
    path("api/tables/<int:table_id>/preview/", entry_views.preview, name="api_preview"),
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
    path("events/<int:event_id>/standings/live/", views.standings_live, name="standings_live"),
    path("events/<int:event_id>/rounds/<int:number>/results/", views.round_results,
         name="round_results"),
    path("events/<int:event_id>/players/<int:registration_id>/", views.player, name="player"),
]

# A round from start to close and the event to its end: the clock, tables
# that say they have finished, the confirmation before closing, finishing the
# event, and the hall's big screen (tournaments.lifecycle_views). Put first:
# rounds/<id>/close/ and the others come before rounds/<id>/<action>/.
from tournaments import lifecycle_views  # noqa: E402

urlpatterns[:0] = [
    path("rounds/<int:round_id>/progress/", lifecycle_views.round_progress,
         name="round_progress"),
    path("rounds/<int:round_id>/close/", lifecycle_views.round_close, name="round_close"),
    path("rounds/<int:round_id>/clock/<slug:action>/", lifecycle_views.round_clock,
         name="round_clock"),
    path("rounds/<int:round_id>/extra-time/", lifecycle_views.extra_time, name="extra_time"),
    path("tables/<int:table_id>/finished/", lifecycle_views.table_finished,
         name="table_finished"),
    path("events/<int:event_id>/finish/", lifecycle_views.event_finish, name="event_finish"),
    path("events/<int:event_id>/screen/", lifecycle_views.screen, name="screen"),
    path("events/<int:event_id>/screen/live/", lifecycle_views.screen_live,
         name="screen_live"),
    path("events/<int:event_id>/rounds/<int:number>/clock/", lifecycle_views.clock_face,
         name="clock_face"),
]

# The door: check-in on a phone, registering at the door, self check-in
# (tournaments.door_views).
urlpatterns += [
    path("events/<int:event_id>/door/", door_views.door, name="door"),
    path("events/<int:event_id>/door/everyone/", door_views.check_in_all,
         name="door_check_in_all"),
    path("events/<int:event_id>/door/register/", door_views.door_register,
         name="door_register"),
    path("events/<int:event_id>/door/self-check-in/", door_views.door_self_check_in,
         name="door_self_check_in"),
    path("events/<int:event_id>/door/qr/", door_views.door_qr, name="door_qr"),
    path("events/<int:event_id>/door/<int:registration_id>/", door_views.door_player,
         name="door_player"),
    path("events/<int:event_id>/check-in/", door_views.self_check_in, name="self_check_in"),
]

# The club competition under the club's address: the season ranking and the
# all-time ranking (tournaments.season_views), public.
from tournaments import season_views  # noqa: E402

urlpatterns += [
    path("clubs/<slug:slug>/season/", season_views.season, name="season"),
    path("clubs/<slug:slug>/season/<int:year>/", season_views.season, name="season_year"),
    path("clubs/<slug:slug>/all-time/", season_views.all_time, name="all_time"),
]
