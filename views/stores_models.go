package views

// StoresPage lists the stores an organiser runs (every store for the
// instance admin), and the admin's form for a new one.
type StoresPage struct {
	Stores    []StoreRow
	CanCreate bool   // the instance admin
	NewName   string // what was typed in the new store's name
	Errors    FieldProblems
}

// StoreRow is a store in the list, with what it has.
type StoreRow struct {
	ID                         int64
	Name                       string
	Organisers, Judges, Events int
}

// StorePage is one store: its members, and the forms to rename it (the
// admin) and to add or remove members.
type StorePage struct {
	ID               int64
	Name             string
	CanRename        bool   // the instance admin
	Rename           string // the name in the rename form
	CanAddOrganisers bool   // the instance admin; an organiser of the store adds judges only
	Members          []StoreMemberRow
	Invitations      []StoreInvitationRow // waiting for an answer (or declined: the store is not told)
	AddUsername      string               // what was typed in the add form
	Errors           FieldProblems
	Events           []EventRow // its latest events, newest date first
	EventCount       int        // all its events
}

// StoreInvitationRow is a username invited to a store.
type StoreInvitationRow struct {
	ID       int64
	Username string
}

// StoreMemberRow is one account of a store.
type StoreMemberRow struct {
	ID                   int64
	Username, Name, Role string
	IsAdmin              bool
	CanRemove            bool // the viewer may take it out of the store
}
