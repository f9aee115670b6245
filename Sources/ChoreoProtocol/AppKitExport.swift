/// The app SDK is part of the protocol's vocabulary (parameters, errors, results, examples): a module importing the
/// protocol sees it too.
@_exported import ChoreoAppKit
