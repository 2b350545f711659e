package dev.pbs.service.api;

/**
 * Schemas of the OpenAPI document that no Java type can describe (a number or a string), written
 * by hand in {@code openapi.ApiDocumentation}; records refer to them with {@code @Schema(ref = ...)}.
 */
public final class SchemaReferences {

    public static final String QUORUM = "Quorum";
    public static final String QUORUM_REF = "#/components/schemas/" + QUORUM;
    public static final String REPLICA_DATACENTERS = "ReplicaDatacenters";
    public static final String REPLICA_DATACENTERS_REF = "#/components/schemas/" + REPLICA_DATACENTERS;

    private SchemaReferences() {
    }
}
