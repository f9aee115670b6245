/// Where the OpenRPC document keeps the components a parameter, a schema or an error refers to (`$ref`).
package enum OpenRPCRefs {
    package static let schemaPrefix = "#/components/schemas/"
    package static let contentDescriptorPrefix = "#/components/contentDescriptors/"
    package static let errorPrefix = "#/components/errors/"
}
