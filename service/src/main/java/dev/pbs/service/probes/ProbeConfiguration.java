package dev.pbs.service.probes;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.tls.TlsSettings;
import dev.pbs.montecarlo.TimeOrigin;
import dev.pbs.service.slas.LiveSla;
import dev.pbs.service.slas.PredictionClock;
import dev.pbs.service.slas.SlaConfiguration;
import dev.pbs.service.slas.Workload;
import dev.pbs.service.slas.WorkloadConfiguration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Pattern;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One probe under {@code probes:} in the service's YAML. Every option, its default, and whether it
 * is required; none can change while the service runs (restart to apply):
 * <ul>
 *   <li>{@code name} (required): letters, digits, '-' and '_'; the live profile is {@code cassandra:<name>};</li>
 *   <li>{@code contactPoints} (required): {@code HOST:PORT} strings;</li>
 *   <li>{@code localDatacenter}: default the contact points' datacenter;</li>
 *   <li>{@code username}, with {@code passwordEnv} or {@code passwordFile}: credentials, the password
 *       read from that environment variable or file (never written in the YAML, never logged);</li>
 *   <li>{@code tls}: client-to-node TLS, see {@link TlsConfiguration}; absent: plain text;</li>
 *   <li>{@code keyspace} (default {@code pbs_probe}), {@code replicationFactor} (default 3);</li>
 *   <li>{@code rate}: operations per second (default 20); {@code traceFraction} (default 0.2);</li>
 *   <li>{@code refreshSeconds}: how often the live profile is rebuilt (default 30, at least 5);</li>
 *   <li>{@code windowMinutes}: the measurements behind a profile span at most this long; the probe
 *       starts afresh after each window (default 10);</li>
 *   <li>{@code windowSeconds}: the window in seconds instead, 10 to 604,800, for windows shorter
 *       than a minute (demonstrations, tests); when set it overrides {@code windowMinutes};</li>
 *   <li>{@code warmUpRoundSeconds}: before its first window the probe runs rounds of this many
 *       seconds of its workload, discarded, until the client's mean round trip of a round is within
 *       a factor of 1.2 of the round before's (at least two rounds, at most ten), and publishes
 *       nothing until then: its state is {@code warming-up} (default 30; 0: no warm-up; at most
 *       3,600);</li>
 *   <li>{@code observeWrites}: during each window, observe staleness with this many writes, each read
 *       at every t of the default grid, beside the window's prediction; the window lasts until the
 *       observation ends (default 0: off; 10 or more);</li>
 *   <li>{@code observeConsistency}: R and W of that observation, ONE, TWO, THREE, QUORUM or ALL (default ONE).</li>
 *   <li>{@code clock}: the moment every t of the live predictions counts from (their windows,
 *       P(consistent), the requirements on them, the metrics and the history): {@code
 *       acknowledgement}, when the client has the write's acknowledgement, with the client round trip
 *       each window measures (default), or {@code commit}, the write's commit at its coordinator;</li>
 *   <li>{@code clientRoundTripMillis}: with the {@code acknowledgement} clock, this round trip (ms,
 *       0 to 60,000) for every read instead of the measured one: your own application's clients';
 *       default none;</li>
 *   <li>{@code slas}: configurations predicted from the live profile at every refresh, each with
 *       requirements (see {@link SlaConfiguration}); default none;</li>
 *   <li>{@code workload}: the cluster's reads and writes per second and keys, for stale reads per
 *       day (see {@link WorkloadConfiguration}); default none;</li>
 *   <li>{@code predictionTrials}: Monte Carlo trials of each of those predictions (default
 *       200,000; 1,000 to 10,000,000);</li>
 *   <li>{@code historySize}: completed windows' profiles and predictions kept in the data
 *       directory's {@code history/<name>/} (default 1,008; 1 to 100,000);</li>
 *   <li>{@code historySpacingSeconds}: the least time between two kept entries (default 600: with
 *       the default 10-minute window, every window, and a week of history at the default size; 1
 *       to 604,800);</li>
 *   <li>{@code keepRecords}: keep a record of each window ({@code pbs replay} reads it) in the data
 *       directory's {@code records/<name>/}, the newest this many (default 0: none; at most 10,000;
 *       a window of a minute with an observation of 300 writes makes about 150 KB).</li>
 * </ul>
 */
public class ProbeConfiguration extends ProbeConnectionConfiguration {

    /** Seconds of one warm-up round: as {@code pbs probe --warm-up}'s. */
    static final int DEFAULT_WARM_UP_ROUND_SECONDS = 30;

    /** Monte Carlo trials of each live prediction when {@code predictionTrials} is not set. */
    public static final long DEFAULT_PREDICTION_TRIALS = 200_000;

    /** Entries a probe's history keeps by default: a week at the default spacing. */
    public static final int DEFAULT_HISTORY_SIZE = 1008;

    /** The least time between two history entries by default, seconds. */
    public static final int DEFAULT_HISTORY_SPACING_SECONDS = 600;

    @NotEmpty
    @Pattern(regexp = "[A-Za-z0-9][A-Za-z0-9_-]{0,47}", message = "must be letters, digits, '-' or '_' (at most 48)")
    private String name;

    private String keyspace = ProbeSettings.DEFAULT_KEYSPACE;

    @Min(1)
    @Max(32)
    private int replicationFactor = 3;

    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("5000")
    private double rate = 20;

    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    private double traceFraction = 0.2;

    @Min(5)
    @Max(86_400)
    private int refreshSeconds = 30;

    @Min(1)
    @Max(10_080)
    private int windowMinutes = 10;

    @Min(10)
    @Max(604_800)
    private Integer windowSeconds;

    @Min(0)
    @Max(3_600)
    private int warmUpRoundSeconds = DEFAULT_WARM_UP_ROUND_SECONDS;

    @Min(0)
    @Max(100_000)
    private int observeWrites = 0;

    private String observeConsistency = "ONE";

    @Pattern(regexp = "acknowledgement|commit", message = "must be acknowledgement or commit")
    private String clock = TimeOrigin.ACKNOWLEDGEMENT.label();

    @DecimalMin("0")
    @DecimalMax("60000")
    private Double clientRoundTripMillis;

    @Valid
    private List<SlaConfiguration> slas = new ArrayList<>();

    private WorkloadConfiguration workload;

    @Min(1_000)
    @Max(10_000_000)
    private long predictionTrials = DEFAULT_PREDICTION_TRIALS;

    @Min(1)
    @Max(100_000)
    private int historySize = DEFAULT_HISTORY_SIZE;

    @Min(1)
    @Max(604_800)
    private int historySpacingSeconds = DEFAULT_HISTORY_SPACING_SECONDS;

    @Min(0)
    @Max(10_000)
    private int keepRecords;

    @JsonProperty
    public int getWarmUpRoundSeconds() {
        return warmUpRoundSeconds;
    }

    @JsonProperty
    public void setWarmUpRoundSeconds(int warmUpRoundSeconds) {
        this.warmUpRoundSeconds = warmUpRoundSeconds;
    }

    /** One round of the warm-up before the first window; zero when there is none. */
    public Duration warmUpRound() {
        return Duration.ofSeconds(warmUpRoundSeconds);
    }

    @JsonProperty
    public String getClock() {
        return clock;
    }

    @JsonProperty
    public void setClock(String clock) {
        this.clock = clock;
    }

    @JsonProperty
    public Double getClientRoundTripMillis() {
        return clientRoundTripMillis;
    }

    @JsonProperty
    public void setClientRoundTripMillis(Double clientRoundTripMillis) {
        this.clientRoundTripMillis = clientRoundTripMillis;
    }

    /**
     * The live predictions' clock when the configuration fixes it: after commit, or after the
     * acknowledgement with {@code clientRoundTripMillis}; empty when each window's measured round
     * trips set it ({@link dev.pbs.service.slas.QuietestRoundTrip}).
     *
     * @throws IllegalArgumentException naming this probe when {@code clientRoundTripMillis} is set
     *     with the commit clock
     */
    public Optional<PredictionClock> fixedClock() {
        TimeOrigin origin = TimeOrigin.of(clock);
        if (origin == TimeOrigin.COMMIT) {
            if (clientRoundTripMillis != null) {
                throw new IllegalArgumentException("probe '" + name + "': clientRoundTripMillis is set, but the"
                        + " clock is commit, which adds no round trip: remove one of them");
            }
            return Optional.of(PredictionClock.COMMIT);
        }
        return Optional.ofNullable(clientRoundTripMillis).map(PredictionClock::configured);
    }

    @JsonProperty
    public int getKeepRecords() {
        return keepRecords;
    }

    @JsonProperty
    public void setKeepRecords(int keepRecords) {
        this.keepRecords = keepRecords;
    }

    @JsonProperty
    public int getHistorySize() {
        return historySize;
    }

    @JsonProperty
    public void setHistorySize(int historySize) {
        this.historySize = historySize;
    }

    @JsonProperty
    public int getHistorySpacingSeconds() {
        return historySpacingSeconds;
    }

    @JsonProperty
    public void setHistorySpacingSeconds(int historySpacingSeconds) {
        this.historySpacingSeconds = historySpacingSeconds;
    }

    @JsonProperty
    public List<SlaConfiguration> getSlas() {
        return slas;
    }

    @JsonProperty
    public void setSlas(List<SlaConfiguration> slas) {
        this.slas = slas;
    }

    @JsonProperty
    public WorkloadConfiguration getWorkload() {
        return workload;
    }

    @JsonProperty
    public void setWorkload(WorkloadConfiguration workload) {
        this.workload = workload;
    }

    @JsonProperty
    public long getPredictionTrials() {
        return predictionTrials;
    }

    @JsonProperty
    public void setPredictionTrials(long predictionTrials) {
        this.predictionTrials = predictionTrials;
    }

    /**
     * The configurations predicted at every refresh, validated.
     *
     * @throws IllegalArgumentException naming this probe and the setting at fault
     */
    public List<LiveSla> liveSlas() {
        List<LiveSla> validated = new ArrayList<>();
        List<SlaConfiguration> declared = slas == null ? List.of() : slas;
        try {
            for (int index = 0; index < declared.size(); index++) {
                if (declared.get(index) == null) {
                    throw new IllegalArgumentException("slas[" + index + "] is empty");
                }
                validated.add(declared.get(index).toSla("slas[" + index + "]"));
            }
            if (workload != null && validated.isEmpty()) {
                throw new IllegalArgumentException(
                        "workload is set but no slas: it is read for the slas' configurations");
            }
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("probe '" + name + "': " + invalid.getMessage(), invalid);
        }
        return validated;
    }

    /**
     * The workload, validated, if one is configured.
     *
     * @throws IllegalArgumentException naming this probe and the setting at fault
     */
    public Optional<Workload> liveWorkload() {
        if (workload == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(workload.toWorkload());
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("probe '" + name + "': " + invalid.getMessage(), invalid);
        }
    }

    @JsonProperty
    public int getObserveWrites() {
        return observeWrites;
    }

    @JsonProperty
    public void setObserveWrites(int observeWrites) {
        this.observeWrites = observeWrites;
    }

    @JsonProperty
    public String getObserveConsistency() {
        return observeConsistency;
    }

    @JsonProperty
    public void setObserveConsistency(String observeConsistency) {
        this.observeConsistency = observeConsistency;
    }

    @JsonProperty
    public String getName() {
        return name;
    }

    @JsonProperty
    public void setName(String name) {
        this.name = name;
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
    public int getReplicationFactor() {
        return replicationFactor;
    }

    @JsonProperty
    public void setReplicationFactor(int replicationFactor) {
        this.replicationFactor = replicationFactor;
    }

    @JsonProperty
    public double getRate() {
        return rate;
    }

    @JsonProperty
    public void setRate(double rate) {
        this.rate = rate;
    }

    @JsonProperty
    public double getTraceFraction() {
        return traceFraction;
    }

    @JsonProperty
    public void setTraceFraction(double traceFraction) {
        this.traceFraction = traceFraction;
    }

    @JsonProperty
    public int getRefreshSeconds() {
        return refreshSeconds;
    }

    @JsonProperty
    public void setRefreshSeconds(int refreshSeconds) {
        this.refreshSeconds = refreshSeconds;
    }

    @JsonProperty
    public int getWindowMinutes() {
        return windowMinutes;
    }

    @JsonProperty
    public void setWindowMinutes(int windowMinutes) {
        this.windowMinutes = windowMinutes;
    }

    @JsonProperty
    public Integer getWindowSeconds() {
        return windowSeconds;
    }

    @JsonProperty
    public void setWindowSeconds(Integer windowSeconds) {
        this.windowSeconds = windowSeconds;
    }

    /** The span of one window: {@code windowSeconds} when set, else {@code windowMinutes}. */
    public Duration window() {
        return windowSeconds != null ? Duration.ofSeconds(windowSeconds) : Duration.ofMinutes(windowMinutes);
    }

    /**
     * The probe's settings, one window long.
     *
     * @throws IllegalArgumentException naming this probe and the problem (a bad contact point, an
     *     unset password variable, a missing password file, a trust store that cannot be read)
     */
    public ProbeSettings toSettings() {
        try {
            List<InetSocketAddress> points = contactAddresses();
            Optional<String> password = password();
            Optional<TlsSettings> tlsSettings = tlsSettings();
            ProbeSettings settings = new ProbeSettings(
                    points,
                    Optional.ofNullable(getLocalDatacenter()),
                    Optional.ofNullable(getUsername()),
                    password,
                    keyspace,
                    replicationFactor,
                    rate,
                    window(),
                    traceFraction);
            return tlsSettings.map(settings::withTls).orElse(settings);
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("probe '" + name + "': " + invalid.getMessage(), invalid);
        }
    }

    /** The observation to run during each window, if any. */
    public Optional<dev.pbs.cassandra.observe.ObservationSettings> observation() {
        if (observeWrites == 0) {
            return Optional.empty();
        }
        try {
            int replicas = dev.pbs.model.quorum.ConsistencyLevel.resolve(
                    "observeConsistency", observeConsistency, replicationFactor);
            return Optional.of(new dev.pbs.cassandra.observe.ObservationSettings(
                    replicas,
                    replicas,
                    observeWrites,
                    Math.min(rate, 100),
                    dev.pbs.cassandra.observe.ObservationSettings.DEFAULT_DELAYS_MILLIS));
        } catch (IllegalArgumentException invalid) {
            throw new IllegalArgumentException("probe '" + name + "': " + invalid.getMessage(), invalid);
        }
    }

    /** The name of the live profile this probe publishes. */
    public String profileName() {
        return dev.pbs.service.core.ProfileStore.LIVE_PREFIX + name;
    }
}
