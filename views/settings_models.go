package views

// SettingsForm is the organisers' page of installation settings.
type SettingsForm struct {
	BaseURL      string // the stored public address, or what was typed
	FixedBaseURL string // set by --base-url / TENKAICHI_BASE_URL: wins over BaseURL
	Errors       FieldProblems
	Warning      *AddressWarning
}

// AddressWarning says that the links and QR codes of a page point at this
// computer only (it was opened on 127.0.0.1 and no public address is set).
type AddressWarning struct {
	Host       string   // the loopback address the page was opened on
	Path       string   // this page's path and query, to open it at a LAN address
	LAN        []string // the machine's addresses phones can use, when it listens on all of them
	NoNetwork  bool     // it listens on all addresses but has none besides loopback
	LocalOnly  bool     // the server listens on a loopback address only
	CanSet     bool     // the visitor may change the public address (an organiser)
	OnSettings bool     // shown on the settings page itself
}
