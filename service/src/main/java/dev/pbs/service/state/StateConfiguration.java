package dev.pbs.service.state;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.cassandra.probe.ProbeSettings;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code state:} in the service's YAML: where the service keeps what it must not lose.
 * <ul>
 *   <li>{@code type}: {@code files} (the default: the data directory, one machine) or {@code cassandra}
 *       (fleet mode: a keyspace that several instances share);</li>
 *   <li>{@code contactPoints}: {@code HOST:PORT} strings (cassandra; required);</li>
 *   <li>{@code localDatacenter}: default the contact points' datacenter;</li>
 *   <li>{@code keyspace}: default {@code pbs_state}; created at start-up when missing;</li>
 *   <li>{@code replication}: the keyspace's replication when it is created, as CQL's map (default
 *       {@code {class: SimpleStrategy, replication_factor: 3}}; for several datacenters
 *       {@code {class: NetworkTopologyStrategy, dc1: 3, dc2: 3}});</li>
 *   <li>{@code leaseSeconds}: how long a probe's lease lasts without renewal, so how soon another
 *       instance takes the probes of one that died (default 15, 3 to 600);</li>
 *   <li>{@code instanceName}: this instance's name in the fleet (default its host and port).</li>
 * </ul>
 * The user name and password come from the environment only: {@code PBS_STATE_USERNAME} and
 * {@code PBS_STATE_PASSWORD}.
 */
public class StateConfiguration {

    public static final String FILES = "files";
    public static final String CASSANDRA = "cassandra";
    public static final String USERNAME_VARIABLE = "PBS_STATE_USERNAME";
    public static final String PASSWORD_VARIABLE = "PBS_STATE_PASSWORD";

    private static final Pattern KEYSPACE = Pattern.compile("[a-z][a-z0-9_]{0,47}");
    private static final Pattern REPLICATION_KEY = Pattern.compile("[A-Za-z0-9_]{1,64}");
    private static final Pattern REPLICATION_VALUE = Pattern.compile("[A-Za-z0-9_.]{1,128}");

    private String type = FILES;
    private List<String> contactPoints = new ArrayList<>();
    private String localDatacenter;
    private String keyspace = "pbs_state";
    private Map<String, String> replication = defaultReplication();
    private int leaseSeconds = 15;
    private String instanceName;

    private static Map<String, String> defaultReplication() {
        Map<String, String> replication = new LinkedHashMap<>();
        replication.put("class", "SimpleStrategy");
        replication.put("replication_factor", "3");
        return replication;
    }

    /** Whether the state is kept in Cassandra (fleet mode). */
    public boolean isCassandra() {
        return CASSANDRA.equals(normalType());
    }

    private String normalType() {
        return type == null ? FILES : type.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * Checks every setting of the chosen type.
     *
     * @throws IllegalArgumentException in one line naming the setting at fault
     */
    public void check() {
        String chosen = normalType();
        if (!FILES.equals(chosen) && !CASSANDRA.equals(chosen)) {
            throw new IllegalArgumentException("state.type must be files or cassandra, was '" + type + "'");
        }
        if (!isCassandra()) {
            return;
        }
        contactPointAddresses();
        if (keyspace == null || !KEYSPACE.matcher(keyspace).matches()) {
            throw new IllegalArgumentException("state.keyspace must be lower-case letters, digits and '_', starting "
                    + "with a letter (at most 48), was '" + keyspace + "'");
        }
        if (replication == null || !replication.containsKey("class")) {
            throw new IllegalArgumentException(
                    "state.replication must name its class (SimpleStrategy or " + "NetworkTopologyStrategy)");
        }
        for (Map.Entry<String, String> entry : replication.entrySet()) {
            if (!REPLICATION_KEY.matcher(entry.getKey()).matches()
                    || entry.getValue() == null
                    || !REPLICATION_VALUE.matcher(entry.getValue()).matches()) {
                throw new IllegalArgumentException("state.replication: '" + entry.getKey() + ": " + entry.getValue()
                        + "' is not a replication setting (letters, digits, '_' and '.')");
            }
        }
        if (leaseSeconds < 3 || leaseSeconds > 600) {
            throw new IllegalArgumentException("state.leaseSeconds must be 3 to 600, was " + leaseSeconds);
        }
        if (instanceName != null && !instanceName.isBlank() && instanceName.length() > 200) {
            throw new IllegalArgumentException("state.instanceName must be at most 200 characters");
        }
        if (username().isPresent() && password().isEmpty()) {
            throw new IllegalArgumentException(
                    USERNAME_VARIABLE + " is set but " + PASSWORD_VARIABLE + " is not: set both or neither");
        }
    }

    /**
     * The contact points as addresses.
     *
     * @throws IllegalArgumentException naming the one that is not {@code HOST:PORT}
     */
    public List<InetSocketAddress> contactPointAddresses() {
        if (contactPoints == null || contactPoints.isEmpty()) {
            throw new IllegalArgumentException("state.contactPoints: fleet mode needs at least one HOST:PORT");
        }
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String point : contactPoints) {
            try {
                addresses.add(ProbeSettings.contactPoint(point));
            } catch (IllegalArgumentException malformed) {
                throw new IllegalArgumentException("state.contactPoints: " + malformed.getMessage());
            }
        }
        return addresses;
    }

    /** The keyspace's replication as a CQL map literal. */
    public String replicationCql() {
        List<String> pairs = new ArrayList<>();
        replication.forEach((key, value) -> pairs.add("'" + key + "': '" + value + "'"));
        return "{" + String.join(", ", pairs) + "}";
    }

    public Optional<String> username() {
        return Optional.ofNullable(System.getenv(USERNAME_VARIABLE)).filter(name -> !name.isBlank());
    }

    public Optional<String> password() {
        return Optional.ofNullable(System.getenv(PASSWORD_VARIABLE)).filter(secret -> !secret.isEmpty());
    }

    @JsonProperty
    public String getType() {
        return type;
    }

    @JsonProperty
    public void setType(String type) {
        this.type = type;
    }

    @JsonProperty
    public List<String> getContactPoints() {
        return contactPoints;
    }

    @JsonProperty
    public void setContactPoints(List<String> contactPoints) {
        this.contactPoints = contactPoints == null ? new ArrayList<>() : contactPoints;
    }

    @JsonProperty
    public String getLocalDatacenter() {
        return localDatacenter;
    }

    @JsonProperty
    public void setLocalDatacenter(String localDatacenter) {
        this.localDatacenter = localDatacenter == null || localDatacenter.isBlank() ? null : localDatacenter;
    }

    @JsonProperty
    public String getKeyspace() {
        return keyspace;
    }

    @JsonProperty
    public void setKeyspace(String keyspace) {
        this.keyspace = keyspace;
    }

    @JsonProperty
    public Map<String, String> getReplication() {
        return replication;
    }

    @JsonProperty
    public void setReplication(Map<String, String> replication) {
        this.replication = replication;
    }

    @JsonProperty
    public int getLeaseSeconds() {
        return leaseSeconds;
    }

    @JsonProperty
    public void setLeaseSeconds(int leaseSeconds) {
        this.leaseSeconds = leaseSeconds;
    }

    @JsonProperty
    public String getInstanceName() {
        return instanceName;
    }

    @JsonProperty
    public void setInstanceName(String instanceName) {
        this.instanceName = instanceName;
    }
}
