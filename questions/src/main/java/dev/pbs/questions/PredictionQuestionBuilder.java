package dev.pbs.questions;

import dev.pbs.model.faults.Faults;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.List;
import java.util.Objects;

/**
 * Collects a {@link PredictionQuestion}'s values as given (null: not given) and checks them all in
 * {@link #build()}; made by {@link PredictionQuestion#builder}.
 */
public final class PredictionQuestionBuilder {

    private final LatencyProfile profile;
    private final QuestionLimits limits;
    private final Rules rules;
    private Long replicas;
    private String readQuorum;
    private String writeQuorum;
    private boolean everyConfiguration;
    private List<Double> times;
    private List<Double> windows;
    private boolean staleProbabilities;
    private List<Double> percentiles;
    private List<Long> versionsBehind;
    private Long trials;
    private Long seed;
    private int threads = 1;
    /** Null: not given (fan-out all, or the profile's read path). */
    private ReadFanout readFanout;

    /** Null: not given. */
    private Boolean coordinatorReplica;
    /** The shares of writes and reads given; null: not given. */
    private Double coordinatorReplicaWrites;

    private Double coordinatorReplicaReads;
    private String speculativeRetry;
    private String readRepair;
    private String replicaChoice;
    private Double snitchBadnessThreshold;
    private List<String> writeLevels;
    private List<String> readLevels;
    private List<String> writeDatacenters;
    private List<String> readDatacenters;
    private boolean everyLevel;
    private boolean datacenterMatrix;
    private Double writesPerSecond;
    private Double readIntervalMillis;
    private Double pauseEveryMillis;
    private Double pauseForMillis;
    private String pauseTiming;
    private Double outageEveryMillis;
    private Double outageForMillis;
    private Double hintWindowMillis;
    private Double hintReplayMillis;
    private List<Long> faultyReplicas;
    private boolean healthy;
    private Double recoveryOutageMillis;
    private List<Double> recoveryTimes;

    PredictionQuestionBuilder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.rules = new Rules(vocabulary);
    }

    /** N, required. */
    public PredictionQuestionBuilder replicas(Long replicas) {
        this.replicas = replicas;
        return this;
    }

    /** R and W: a number or ONE, TWO, THREE, QUORUM, ALL; both or neither (then every (R, W)). */
    public PredictionQuestionBuilder quorums(String readQuorum, String writeQuorum) {
        this.readQuorum = readQuorum;
        this.writeQuorum = writeQuorum;
        return this;
    }

    /** Every (R, W) explicitly asked for; cannot be combined with R and W. */
    public PredictionQuestionBuilder everyConfiguration(boolean everyConfiguration) {
        this.everyConfiguration = everyConfiguration;
        return this;
    }

    /** Times after commit, ms, >= 0 (default {@link PredictionQuestion#DEFAULT_TIMES_MILLIS}). */
    public PredictionQuestionBuilder timesMillis(List<Double> times) {
        this.times = times;
        return this;
    }

    /**
     * Probabilities in (0, 1] for windows (null: 0.99, 0.999, 0.9999). Windows given here that
     * plain trials cannot resolve go to the rare-event method ({@link RareEventOptions}).
     */
    public PredictionQuestionBuilder windows(List<Double> windows) {
        this.windows = windows;
        return this;
    }

    /**
     * Also report P(stale at t) at every time of the grid, by the rare-event method (importance
     * sampling) where fewer than 400 trials were stale; (R, W) questions only.
     */
    public PredictionQuestionBuilder staleProbabilities(boolean staleProbabilities) {
        this.staleProbabilities = staleProbabilities;
        return this;
    }

    /** Latency percentiles in (0, 100]. */
    public PredictionQuestionBuilder percentiles(List<Double> percentiles) {
        this.percentiles = percentiles;
        return this;
    }

    /** Values of k >= 1 for P(more than k versions old). */
    public PredictionQuestionBuilder versionsBehind(List<Long> versionsBehind) {
        this.versionsBehind = versionsBehind;
        return this;
    }

    public PredictionQuestionBuilder trials(Long trials) {
        this.trials = trials;
        return this;
    }

    public PredictionQuestionBuilder seed(Long seed) {
        this.seed = seed;
        return this;
    }

    /** Worker threads: the edge's choice; never changes the numbers. */
    public PredictionQuestionBuilder threads(int threads) {
        this.threads = threads;
        return this;
    }

    public PredictionQuestionBuilder readFanout(ReadFanout readFanout) {
        this.readFanout = readFanout;
        return this;
    }

    /**
     * Shorthand: every coordinator runs on a replica (for levels, on a replica of its datacenter,
     * which must then hold some), or none does. Not calling it (nor {@link
     * #coordinatorReplicaShare}) leaves the profile's measured share, or none.
     */
    public PredictionQuestionBuilder coordinatorReplica(boolean coordinatorReplica) {
        this.coordinatorReplica = coordinatorReplica;
        return this;
    }

    /**
     * How often a write's, and a read's, coordinator runs on a replica (null: not given); cannot be
     * combined with {@link #coordinatorReplica}. Without either, the profile's measured {@link
     * LatencyProfile#coordinatorReplicaShare()} is used, else none.
     */
    public PredictionQuestionBuilder coordinatorReplicaShare(CoordinatorReplicaShare coordinatorReplicaShare) {
        this.coordinatorReplicaWrites = coordinatorReplicaShare == null ? null : coordinatorReplicaShare.writes();
        this.coordinatorReplicaReads = coordinatorReplicaShare == null ? null : coordinatorReplicaShare.reads();
        return this;
    }

    /**
     * The shares as given, each to be checked in {@link #build()} (a probability from 0 to 1);
     * both null: not given.
     */
    public PredictionQuestionBuilder coordinatorReplicaShare(Double writes, Double reads) {
        this.coordinatorReplicaWrites = writes;
        this.coordinatorReplicaReads = reads;
        return this;
    }

    /**
     * Cassandra's {@code speculative_retry} for targeted reads ({@link dev.pbs.model.readpath.SpeculativeRetry#parse};
     * null or {@code NONE}: never).
     */
    public PredictionQuestionBuilder speculativeRetry(String speculativeRetry) {
        this.speculativeRetry = speculativeRetry;
        return this;
    }

    /** Cassandra's {@code read_repair}: {@code blocking} or {@code none} (null: none). */
    public PredictionQuestionBuilder readRepair(String readRepair) {
        this.readRepair = readRepair;
        return this;
    }

    /**
     * Which replicas a targeted read asks: {@code random} or {@code snitch} (null: random), and
     * the dynamic snitch's badness threshold (null: Cassandra's default).
     */
    public PredictionQuestionBuilder replicaChoice(String replicaChoice, Double snitchBadnessThreshold) {
        this.replicaChoice = replicaChoice;
        this.snitchBadnessThreshold = snitchBadnessThreshold;
        return this;
    }

    /** The write's consistency levels (names; several are evaluated on the same draws). */
    public PredictionQuestionBuilder writeLevels(List<String> writeLevels) {
        this.writeLevels = writeLevels;
        return this;
    }

    /** The read's consistency levels (names). */
    public PredictionQuestionBuilder readLevels(List<String> readLevels) {
        this.readLevels = readLevels;
        return this;
    }

    /** The datacenters of the write's coordinator (names). */
    public PredictionQuestionBuilder writeDatacenters(List<String> writeDatacenters) {
        this.writeDatacenters = writeDatacenters;
        return this;
    }

    /** The datacenters of the read's coordinator (names). */
    public PredictionQuestionBuilder readDatacenters(List<String> readDatacenters) {
        this.readDatacenters = readDatacenters;
        return this;
    }

    /** Every (write level, read level) pair the topology allows. */
    public PredictionQuestionBuilder everyLevel(boolean everyLevel) {
        this.everyLevel = everyLevel;
        return this;
    }

    /** Every (write datacenter, read datacenter) pair. */
    public PredictionQuestionBuilder datacenterMatrix(boolean datacenterMatrix) {
        this.datacenterMatrix = datacenterMatrix;
        return this;
    }

    /**
     * Session guarantees (monotonic reads, read-your-writes) for (R, W): the rate of writes
     * to the key from all clients, per second, which asks for them, and the client's read
     * interval, ms (null: 0, reads back to back).
     */
    public PredictionQuestionBuilder sessions(Double writesPerSecond, Double readIntervalMillis) {
        this.writesPerSecond = writesPerSecond;
        this.readIntervalMillis = readIntervalMillis;
        return this;
    }

    /**
     * Pauses of every faulty replica: from the start of one to the start of the next, and each
     * one's length, ms; {@code regular} or {@code random} timing (null: regular). See {@link
     * FaultOptions}.
     */
    public PredictionQuestionBuilder pauses(Double everyMillis, Double forMillis, String timing) {
        this.pauseEveryMillis = everyMillis;
        this.pauseForMillis = forMillis;
        this.pauseTiming = timing;
        return this;
    }

    /**
     * Outages of every faulty replica: the mean time between them and each one's length, ms;
     * the hint window and the hint replay delay, ms (null: the profile's, or 3 h for the
     * window). See {@link FaultOptions}.
     */
    public PredictionQuestionBuilder outages(
            Double everyMillis, Double forMillis, Double hintWindowMillis, Double hintReplayMillis) {
        this.outageEveryMillis = everyMillis;
        this.outageForMillis = forMillis;
        this.hintWindowMillis = hintWindowMillis;
        this.hintReplayMillis = hintReplayMillis;
        return this;
    }

    /** The replicas faults strike, numbered from 1 (null: the profile's, else all). */
    public PredictionQuestionBuilder faultyReplicas(List<Long> faultyReplicas) {
        this.faultyReplicas = faultyReplicas;
        return this;
    }

    /** Simulate healthy replicas, without the profile's faults. */
    public PredictionQuestionBuilder healthy(boolean healthy) {
        this.healthy = healthy;
        return this;
    }

    /**
     * The recovery after one outage of {@code outageMillis} to report, at times after the
     * replica's return (null: {@link RecoveryCurve#DEFAULT_TIMES_MILLIS}).
     */
    public PredictionQuestionBuilder recovery(Double outageMillis, List<Double> sinceReturnMillis) {
        this.recoveryOutageMillis = outageMillis;
        this.recoveryTimes = sinceReturnMillis;
        return this;
    }

    /** @throws InvalidQuestionException naming the first problem found */
    public PredictionQuestion build() {
        LevelChoice levels = new LevelChoice(
                writeLevels, readLevels, writeDatacenters, readDatacenters, everyLevel, datacenterMatrix);
        boolean namedTopology =
                profile.topology().map(topology -> topology.isNamed()).orElse(false);
        if (levels.isAsked() || namedTopology) {
            return buildLevels(levels);
        }
        int n = (int) rules.wholeNumber(Field.N, rules.required(Field.N, replicas), 1, limits.maxReplicas());
        CoordinatorReplicaChoice coordinator = coordinatorChoice();
        if (writesPerSecond != null || faultOptions().resolve(this.profile, n).any()) {
            coordinator = coordinator.apartUnlessGiven();
        }
        LatencyProfile profile = faultOptions().appliedTo(this.profile, n, coordinator, writesPerSecond != null);
        List<QuorumConfiguration> configurations = quorumChoice().configurations(n, rules);
        double[] grid = grid();
        ReportOptions report = report();
        long trialCount = trialCount();
        ReadPathOptions.Chosen read = readPathOptions().forConfigurations(profile, grid);
        SimulationSpec simulation = SimulationSpec.builder(profile, n)
                .configurations(configurations)
                .trials(trialCount)
                .seed(seed == null ? PredictionQuestion.DEFAULT_SEED : seed)
                .threads(threads)
                .readFanout(read.readFanout())
                .coordinatorReplicaShare(coordinator.share())
                .speculativeRetry(read.speculativeRetry())
                .readRepair(read.readRepair())
                .replicaChoice(read.replicaChoice())
                .visibilityGridMillis(grid)
                .build();
        return new PredictionQuestion(
                simulation,
                null,
                sessionOptions(profile, coordinator).forConfigurations(trialCount),
                report,
                seed != null,
                recovery(profile.faults()),
                new RareEventOptions(windows != null, staleProbabilities));
    }

    private RecoveryCurve recovery(Faults faults) {
        return RecoveryCurve.asked(rules, recoveryOutageMillis, recoveryTimes, faults);
    }

    private FaultOptions faultOptions() {
        return new FaultOptions(
                pauseEveryMillis,
                pauseForMillis,
                pauseTiming,
                outageEveryMillis,
                outageForMillis,
                hintWindowMillis,
                hintReplayMillis,
                faultyReplicas,
                healthy,
                rules);
    }

    private SessionOptions sessionOptions(LatencyProfile simulated, CoordinatorReplicaChoice coordinator) {
        return new SessionOptions(writesPerSecond, readIntervalMillis, coordinator, simulated, rules);
    }

    /** How often coordinators run on replicas: as given, else as the profile measured, else never. */
    private CoordinatorReplicaChoice coordinatorChoice() {
        return CoordinatorReplicaChoice.resolve(
                coordinatorReplica, coordinatorReplicaWrites, coordinatorReplicaReads, profile, rules);
    }

    private ReadPathOptions readPathOptions() {
        return new ReadPathOptions(
                readFanout, speculativeRetry, readRepair, replicaChoice, snitchBadnessThreshold, rules);
    }

    private PredictionQuestion buildLevels(LevelChoice levels) {
        readPathOptions().refuseForLevels();
        CoordinatorReplicaChoice coordinator = coordinatorChoice();
        sessionOptions(profile, coordinator).refuseForLevels();
        if (staleProbabilities) {
            throw rules.invalid(
                    Field.STALE_PROBABILITIES,
                    "is for (R, W) questions; the rare-event method does not cover consistency levels across "
                            + "datacenters");
        }
        faultOptions().refuseForLevels(recoveryOutageMillis != null || recoveryTimes != null);
        quorumChoice().refuseForLevels(profile, rules);
        DatacenterReplicas placed = LevelChoice.replicas(profile, replicas, rules, limits);
        List<LevelConfiguration> configurations = levels.configurations(placed, rules, coordinator);
        double[] grid = grid();
        long trialCount = trialCount();
        LevelSimulationSpec simulation;
        try {
            simulation = new LevelSimulationSpec(
                    profile,
                    placed,
                    configurations,
                    trialCount,
                    seed == null ? PredictionQuestion.DEFAULT_SEED : seed,
                    threads,
                    grid,
                    coordinator.share());
        } catch (IllegalArgumentException rejected) {
            throw new InvalidQuestionException(rejected.getMessage());
        }
        return new PredictionQuestion(
                null, simulation, null, report(), seed != null, null, new RareEventOptions(windows != null, false));
    }

    private QuorumChoice quorumChoice() {
        return new QuorumChoice(readQuorum, writeQuorum, everyConfiguration);
    }

    /** The t grid asked for, or the default. */
    private double[] grid() {
        return rules.timesMillis(Field.TIMES, times == null ? PredictionQuestion.DEFAULT_TIMES_MILLIS : times);
    }

    /** The trials asked for, or the default; the threads are checked after them. */
    private long trialCount() {
        long trialCount = trials == null
                ? limits.defaultTrials()
                : rules.wholeNumber(Field.TRIALS, trials, 1, limits.maxTrials());
        rules.wholeNumber(Field.THREADS, threads, 1, SimulationSpec.MAX_THREADS);
        return trialCount;
    }

    private ReportOptions report() {
        return new ReportOptions(
                windows == null ? ReportOptions.DEFAULT.windows() : rules.probabilities(Field.WINDOWS, windows),
                percentiles == null
                        ? ReportOptions.DEFAULT.percentiles()
                        : rules.percentiles(Field.PERCENTILES, percentiles),
                versionsBehind == null
                        ? ReportOptions.DEFAULT.versionsBehind()
                        : rules.versionsBehind(Field.K, versionsBehind));
    }
}
