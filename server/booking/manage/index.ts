// The client keeps her own appointment (docs/booking.md, "The client's way after confirmation"):
// the one entry of server/booking/manage/. Callers import this module only
// (test/manage-module.test.ts says so).
//
// - the manage link in every confirmation and her page (GET, which changes nothing) and form
//   (POST, through the one form pipeline): manageRouter;
// - an appointment's state as its mark keeps it, and the one place a change of it is made final
//   (settleAppointment), for her answers (server/booking/decision/);
// - the reminder the client asks for: reminderFor, createAppointmentReminders.

export { type ManageLinks, manageLinks } from './links';
export { type AppointmentReminders, createAppointmentReminders, reminderFor } from './reminders';
export { type AppointmentChange, settleAppointment } from './settle';
export { type AppointmentState, LIVE, movingTo, stateOf, WORDS } from './state';
export { appointmentOf, replacedBy } from './token';
export { manageRouter } from './router';
