/** A staff member as the back-office shows them (shared by the server module and the staff page). */
export interface StaffMember {
  id: number;
  name: string;
  email: string | null;
  role: string;
  storeIds: string[];
  disabled: boolean;
  hasPin: boolean;
}
