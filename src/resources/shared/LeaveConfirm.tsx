/** Leaving a form with unsaved changes: 'Are you sure want to go back' / 'You will loose all the current data', No and Yes (specification section 2). */
import { Confirm } from 'react-admin';

export const LeaveConfirm = ({ isOpen, onLeave, onStay }: { isOpen: boolean; onLeave: () => void; onStay: () => void }) => (
  <Confirm isOpen={isOpen} title="app.leave.title" content="app.leave.body" cancel="app.leave.no" confirm="app.leave.yes" onConfirm={onLeave} onClose={onStay} />
);
