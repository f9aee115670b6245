import ChoreoEngine

/// The session's dataset: the embedded defaults with the parts `session.create`'s `data` replaced.
extension Feature<FinPessoalApp> {
    static var data: Self {
        Feature(
            "data", state: [StateProperty(FinPessoalApp.dataField) { $0.app.data.json }],
            dataParts: FinData.listKeys + FinData.scalarKeys)
    }
}
