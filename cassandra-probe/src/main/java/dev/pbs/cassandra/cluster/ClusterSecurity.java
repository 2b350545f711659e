package dev.pbs.cassandra.cluster;

import java.util.Locale;

/** How clients reach a local cluster: in plain text without credentials, or over TLS with a password. */
public enum ClusterSecurity {
    /** Plain-text CQL, no authentication (the default). */
    OPEN("open"),
    /** CQL over TLS only, PasswordAuthenticator. */
    TLS("tls"),
    /** As {@link #TLS}, and every client must present a certificate the nodes trust. */
    MUTUAL_TLS("mutual-tls");

    private final String recorded;

    ClusterSecurity(String recorded) {
        this.recorded = recorded;
    }

    /** As written in the cluster's {@code cluster.properties}. */
    public String recorded() {
        return recorded;
    }

    public boolean secure() {
        return this != OPEN;
    }

    /** The value recorded in a cluster's folder; an unknown one is an error naming it. */
    static ClusterSecurity fromRecorded(String value) {
        for (ClusterSecurity security : values()) {
            if (security.recorded.equals(value.toLowerCase(Locale.ROOT))) {
                return security;
            }
        }
        throw new IllegalStateException("unknown security '" + value + "' in cluster.properties");
    }

    /** How the user asks for it. */
    public String options() {
        return switch (this) {
            case OPEN -> "neither --secure nor --mutual-tls";
            case TLS -> "--secure";
            case MUTUAL_TLS -> "--secure --mutual-tls";
        };
    }
}
