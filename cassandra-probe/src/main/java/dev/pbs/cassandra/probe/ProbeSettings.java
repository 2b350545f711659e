package dev.pbs.cassandra.probe;

import dev.pbs.cassandra.tls.Secret;
import dev.pbs.cassandra.tls.TlsSettings;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a probe run does. Every setting is validated here, with one message per rule.
 *
 * @param contactPoints nodes to connect to first (required, at least one)
 * @param localDatacenter the datacenter whose nodes coordinate the probe's requests; empty: the
 *     datacenter of the first contact point that answers
 * @param username empty: no authentication
 * @param password used only with a username; never logged or printed
 * @param keyspace the probe's own keyspace (default {@code pbs_probe}), created if absent; CQL
 *     identifier rules: a letter, then letters, digits or underscores, at most 48 characters
 * @param replicationFactor the keyspace's replication factor (default 3); an existing keyspace
 *     with another one is an error, never altered
 * @param operationsPerSecond the workload's pace, writes and reads together (default 50); never exceeded
 * @param duration how long the workload runs (default 60 s)
 * @param traceFraction the fraction of operations traced, in (0, 1] (default 0.2)
 * @param tls client-to-node TLS; empty: plain text
 * @param datacenters the replication factor of each datacenter, for a keyspace replicated over
 *     several: every datacenter named then coordinates and is measured, and {@code replicationFactor}
 *     is their sum; empty: one datacenter, {@code localDatacenter}'s
 * @param timeAll whether untraced operations through a replica also run at ALL, timed as the
 *     slowest replica's answer (an experiment: docs/fidelity.md, E3); three replicas or more, one
 *     datacenter
 */
public record ProbeSettings(
        List<InetSocketAddress> contactPoints,
        Optional<String> localDatacenter,
        Optional<String> username,
        Optional<String> password,
        String keyspace,
        int replicationFactor,
        double operationsPerSecond,
        Duration duration,
        double traceFraction,
        Optional<TlsSettings> tls,
        Optional<DatacenterReplication> datacenters,
        boolean timeAll) {

    public static final String DEFAULT_KEYSPACE = "pbs_probe";
    /** The probe's table in its keyspace. */
    public static final String TABLE = "wars";
    /** Highest pace the probe accepts, operations per second. */
    public static final double MAX_OPERATIONS_PER_SECOND = 5000;

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public ProbeSettings {
        Objects.requireNonNull(contactPoints, "contact points");
        contactPoints = List.copyOf(contactPoints);
        if (contactPoints.isEmpty()) {
            throw new IllegalArgumentException("at least one --contact-point HOST:PORT is needed");
        }
        Objects.requireNonNull(localDatacenter, "local datacenter");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (username.isPresent() && password.isEmpty()) {
            throw new IllegalArgumentException(
                    "a username needs a password (--password-env VARIABLE or --password-file FILE)");
        }
        if (keyspace == null || !IDENTIFIER.matcher(keyspace).matches()) {
            throw new IllegalArgumentException("keyspace must be a letter followed by letters, digits or underscores, "
                    + "at most 48 characters, was '" + keyspace + "'");
        }
        if (keyspace.toLowerCase(java.util.Locale.ROOT).startsWith("system")) {
            throw new IllegalArgumentException("keyspace must not be a system keyspace, was '" + keyspace + "'");
        }
        if (replicationFactor < 1 || replicationFactor > 32) {
            throw new IllegalArgumentException("--rf must be between 1 and 32, was " + replicationFactor);
        }
        if (!(operationsPerSecond > 0) || operationsPerSecond > MAX_OPERATIONS_PER_SECOND) {
            throw new IllegalArgumentException("--rate must be > 0 and <= " + (int) MAX_OPERATIONS_PER_SECOND
                    + " operations per second, was " + operationsPerSecond);
        }
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofDays(7)) > 0) {
            throw new IllegalArgumentException("--duration must be > 0 and at most 7 days, was " + duration);
        }
        if (!(traceFraction > 0) || traceFraction > 1) {
            throw new IllegalArgumentException("--trace-fraction must be in (0, 1], was " + traceFraction);
        }
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(datacenters, "datacenters");
        if (datacenters.isPresent() && datacenters.get().replicas() != replicationFactor) {
            throw new IllegalArgumentException("the replication factors " + datacenters.get() + " add up to "
                    + datacenters.get().replicas() + ", not " + replicationFactor);
        }
        if (timeAll && (replicationFactor < 3 || datacenters.isPresent())) {
            throw new IllegalArgumentException("--time-all needs one datacenter with three replicas or more (at "
                    + replicationFactor + " replicas" + (datacenters.isPresent() ? " over several datacenters" : "")
                    + "): below three, ALL waits for the replicas TWO already waits for");
        }
    }

    /** Settings that time no operation at ALL. */
    public ProbeSettings(
            List<InetSocketAddress> contactPoints,
            Optional<String> localDatacenter,
            Optional<String> username,
            Optional<String> password,
            String keyspace,
            int replicationFactor,
            double operationsPerSecond,
            Duration duration,
            double traceFraction,
            Optional<TlsSettings> tls,
            Optional<DatacenterReplication> datacenters) {
        this(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                duration,
                traceFraction,
                tls,
                datacenters,
                false);
    }

    /** Settings with TLS or without, one datacenter. */
    public ProbeSettings(
            List<InetSocketAddress> contactPoints,
            Optional<String> localDatacenter,
            Optional<String> username,
            Optional<String> password,
            String keyspace,
            int replicationFactor,
            double operationsPerSecond,
            Duration duration,
            double traceFraction,
            Optional<TlsSettings> tls) {
        this(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                duration,
                traceFraction,
                tls,
                Optional.empty());
    }

    /** Settings without TLS. */
    public ProbeSettings(
            List<InetSocketAddress> contactPoints,
            Optional<String> localDatacenter,
            Optional<String> username,
            Optional<String> password,
            String keyspace,
            int replicationFactor,
            double operationsPerSecond,
            Duration duration,
            double traceFraction) {
        this(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                duration,
                traceFraction,
                Optional.empty());
    }

    /** The same settings, probing for {@code other} at a time. */
    public ProbeSettings withDuration(Duration other) {
        return new ProbeSettings(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                other,
                traceFraction,
                tls,
                datacenters,
                timeAll);
    }

    /** The same settings over TLS. */
    public ProbeSettings withTls(TlsSettings settings) {
        return new ProbeSettings(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                duration,
                traceFraction,
                Optional.of(settings),
                datacenters,
                timeAll);
    }

    /**
     * The same settings for a keyspace replicated over several datacenters; the replication factor
     * becomes their sum.
     */
    public ProbeSettings withDatacenters(DatacenterReplication replication) {
        return new ProbeSettings(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replication.replicas(),
                operationsPerSecond,
                duration,
                traceFraction,
                tls,
                Optional.of(replication),
                timeAll);
    }

    /** The same settings, timing untraced operations at ALL too, or not. */
    public ProbeSettings withTimeAll(boolean all) {
        return new ProbeSettings(
                contactPoints,
                localDatacenter,
                username,
                password,
                keyspace,
                replicationFactor,
                operationsPerSecond,
                duration,
                traceFraction,
                tls,
                datacenters,
                all);
    }

    /** Everything but the password, which is never written anywhere (nor are the stores' passwords). */
    @Override
    public String toString() {
        return "ProbeSettings[contactPoints=" + contactPoints + ", localDatacenter=" + localDatacenter + ", username="
                + username + ", password=" + (password.isPresent() ? "(set)" : "(none)") + ", keyspace=" + keyspace
                + ", replicationFactor=" + replicationFactor + ", operationsPerSecond=" + operationsPerSecond
                + ", duration=" + duration + ", traceFraction=" + traceFraction + ", tls=" + tls + ", datacenters="
                + datacenters + ", timeAll=" + timeAll + "]";
    }

    /** Parses each {@code HOST:PORT}, as {@link #contactPoint} does. */
    public static List<InetSocketAddress> contactPoints(List<String> texts) {
        List<InetSocketAddress> points = new java.util.ArrayList<>();
        for (String text : texts) {
            points.add(contactPoint(text));
        }
        return points;
    }

    /**
     * The password held by an environment variable; empty when no variable is named.
     *
     * @param option how the user named the variable, for the message ("--password-env")
     * @throws IllegalArgumentException when the variable is not set (its value is never shown)
     */
    public static Optional<String> passwordFrom(String variable, String option) {
        if (variable == null || variable.isBlank()) {
            return Optional.empty();
        }
        String value = System.getenv(variable);
        if (value == null) {
            throw new IllegalArgumentException("environment variable " + variable + " (" + option + ") is not set");
        }
        return Optional.of(value);
    }

    /**
     * The password from an environment variable or a file, whichever is named (not both); empty
     * when neither is.
     *
     * @param variableOption how the user named the variable, for messages ({@code --password-env})
     * @param fileOption how the user named the file, for messages ({@code --password-file})
     * @throws IllegalArgumentException when both are named, the variable is not set, the file is
     *     missing or empty (the value is never shown)
     */
    public static Optional<String> passwordFrom(String variable, Path file, String variableOption, String fileOption) {
        return Secret.fromEither(variable, file, variableOption, fileOption).map(Secret::value);
    }

    /** Parses {@code HOST:PORT} (port required, 1 to 65535). */
    public static InetSocketAddress contactPoint(String text) {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("contact point must be HOST:PORT, was '" + text + "'");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException notNumber) {
            throw new IllegalArgumentException("contact point port must be a number, was '" + text + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("contact point port must be 1 to 65535, was " + port);
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** Parses a duration such as {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}. */
    public static Duration duration(String text) {
        java.util.regex.Matcher matcher = text == null
                ? null
                : Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)").matcher(text.trim());
        if (matcher == null || !matcher.matches()) {
            throw new IllegalArgumentException(
                    "duration must be a number with a unit ms, s, m or h (e.g. 30s), was '" + text + "'");
        }
        double value = Double.parseDouble(matcher.group(1));
        double millis = switch (matcher.group(2)) {
            case "ms" -> value;
            case "s" -> value * 1e3;
            case "m" -> value * 60e3;
            default -> value * 3600e3;
        };
        return Duration.ofMillis(Math.round(millis));
    }
}
