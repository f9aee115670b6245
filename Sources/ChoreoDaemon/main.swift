import ChoreoApps
import ChoreodKit

// The stock choreod: the catalogue's apps.
await Choreod.main(apps: AppCatalog.apps)
