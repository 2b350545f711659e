package dev.pbs.questions;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import dev.pbs.montecarlo.tuning.Objective;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.RequirementParser;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.montecarlo.tuning.TuningReadPath;
import dev.pbs.montecarlo.tuning.TuningSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A validated tuning question ({@code ./pbs tune}, {@code POST /api/v1/recommendations}): which
 * (N, R, W), with each speculative retry setting asked for, meet every requirement, ranked by an
 * objective, their reads simulated with the question's read path (predict's options) or the
 * profile's own; or, for Cassandra's consistency levels across datacenters, which (write level, read level) pair meets every requirement for reads in
 * every read datacenter. The latter when the question names levels or datacenters, or when its
 * profile names its datacenters; N then comes from the profile's topology.
 *
 * @param tuning the (N, R, W) tuner's input, or null for levels
 * @param levelTuning the level tuner's input, or null for (N, R, W)
 * @param seeded whether the seed was given (the answer is then a pure function of the question)
 */
public record TuningQuestion(TuningSpec tuning, LevelTuningSpec levelTuning, boolean seeded) {

    public TuningQuestion {
        if ((tuning == null) == (levelTuning == null)) {
            throw new IllegalArgumentException("a tuning question is either about (N, R, W) or about levels");
        }
    }

    /** A question about (N, R, W). */
    public TuningQuestion(TuningSpec tuning, boolean seeded) {
        this(Objects.requireNonNull(tuning, "tuning"), null, seeded);
    }

    /** Whether the question is about consistency levels across datacenters. */
    public boolean isLevels() {
        return levelTuning != null;
    }

    public static Builder builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
        return new Builder(profile, limits, vocabulary);
    }

    /** Collects a question's values as given (null: not given) and checks them all in {@link #build()}. */
    public static final class Builder {

        private final LatencyProfile profile;
        private final QuestionLimits limits;
        private final Rules rules;
        private String replicaText;
        private Long replicaNumber;
        private List<String> requirements = List.of();
        private String objective;
        private Levels levels;
        private Long trials;
        private Long seed;
        private int threads = 1;
        private List<String> writeLevels;
        private List<String> readLevels;
        private List<String> writeDatacenters;
        private List<String> readDatacenters;
        /** Null: not given (fan-out all, or the profile's read path). */
        private ReadFanout readFanout;

        private List<String> speculativeRetries;
        private String readRepair;
        private String replicaChoice;
        private Double snitchBadnessThreshold;

        private Builder(LatencyProfile profile, QuestionLimits limits, Vocabulary vocabulary) {
            this.profile = Objects.requireNonNull(profile, "profile");
            this.limits = Objects.requireNonNull(limits, "limits");
            this.rules = new Rules(vocabulary);
        }

        /** N as text: {@code 3} or a range {@code 3..5}. */
        public Builder replicas(String text) {
            this.replicaText = text;
            this.replicaNumber = null;
            return this;
        }

        /** N as a number. */
        public Builder replicas(Long n) {
            this.replicaNumber = n;
            this.replicaText = null;
            return this;
        }

        /** Requirement strings such as {@code window@0.999<=50ms}; all must hold. */
        public Builder requirements(List<String> requirements) {
            this.requirements = requirements == null ? List.of() : List.copyOf(requirements);
            return this;
        }

        /** {@code read}, {@code write}, {@code sum} (the default) or {@code mix:A}. */
        public Builder objective(String objective) {
            this.objective = objective;
            return this;
        }

        /** Which R and W (N, R, W) tuning tries (default {@link Levels#NUMERIC}); not for levels across datacenters. */
        public Builder levels(Levels levels) {
            this.levels = levels;
            return this;
        }

        /** The write levels to try (names); default every level the write's datacenter allows. */
        public Builder writeLevels(List<String> writeLevels) {
            this.writeLevels = writeLevels;
            return this;
        }

        /** The read levels to try (names); default every level the read datacenters allow. */
        public Builder readLevels(List<String> readLevels) {
            this.readLevels = readLevels;
            return this;
        }

        /** The datacenter of the write's coordinator (one name); default the profile's first. */
        public Builder writeDatacenters(List<String> writeDatacenters) {
            this.writeDatacenters = writeDatacenters;
            return this;
        }

        /** The datacenters of the read's coordinator where every requirement must hold; default every one. */
        public Builder readDatacenters(List<String> readDatacenters) {
            this.readDatacenters = readDatacenters;
            return this;
        }

        /** As predict's; null: not given. */
        public Builder readFanout(ReadFanout readFanout) {
            this.readFanout = readFanout;
            return this;
        }

        /**
         * The speculative retry settings to search, in Cassandra's spelling ({@link
         * dev.pbs.model.readpath.SpeculativeRetry#parse}): each text one setting or several
         * separated by commas outside parentheses ({@code NONE,MIN(99p,20ms),ALWAYS}); null: not
         * given (never, or the profile's read path).
         */
        public Builder speculativeRetries(List<String> speculativeRetries) {
            this.speculativeRetries = speculativeRetries;
            return this;
        }

        /** Cassandra's {@code read_repair}: {@code blocking} or {@code none} (null: not given). */
        public Builder readRepair(String readRepair) {
            this.readRepair = readRepair;
            return this;
        }

        /** {@code random} or {@code snitch}, and the dynamic snitch's badness threshold (null: not given). */
        public Builder replicaChoice(String replicaChoice, Double snitchBadnessThreshold) {
            this.replicaChoice = replicaChoice;
            this.snitchBadnessThreshold = snitchBadnessThreshold;
            return this;
        }

        public Builder trials(Long trials) {
            this.trials = trials;
            return this;
        }

        public Builder seed(Long seed) {
            this.seed = seed;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** @throws InvalidQuestionException naming the first problem found */
        public TuningQuestion build() {
            if (profile.faults().any()) {
                throw new InvalidQuestionException("the profile " + profile.name() + " has faulty replicas ("
                        + profile.faults().describe() + "), which tuning does not simulate yet: tune with a profile "
                        + "without faults, and predict the chosen configuration with them");
            }
            LevelCandidates candidates =
                    new LevelCandidates(writeLevels, readLevels, writeDatacenters, readDatacenters);
            boolean namedTopology =
                    profile.topology().map(DatacenterTopology::isNamed).orElse(false);
            if (candidates.isAsked() || namedTopology) {
                return buildLevels(candidates);
            }
            ReplicaRange range = replicaRange();
            List<Requirement> parsed = requirements();
            Objective ranking = objective();
            long trialCount = trialCount();
            rules.wholeNumber(Field.THREADS, threads, 1, SimulationSpec.MAX_THREADS);
            TuningReadPath readPath = readOptions().forConfigurations(profile, Tuner.grid(parsed));
            TuningSpec tuning = new TuningSpec(
                    profile,
                    range.smallest(),
                    range.largest(),
                    parsed,
                    ranking,
                    levels == Levels.CASSANDRA,
                    trialCount,
                    seed == null ? PredictionQuestion.DEFAULT_SEED : seed,
                    threads,
                    readPath);
            return new TuningQuestion(tuning, seed != null);
        }

        private TuningReadOptions readOptions() {
            return new TuningReadOptions(
                    readFanout, speculativeRetries, readRepair, replicaChoice, snitchBadnessThreshold, rules);
        }

        private TuningQuestion buildLevels(LevelCandidates candidates) {
            readOptions().refuseForLevels();
            if (levels != null) {
                throw rules.invalid(
                        Field.LEVELS,
                        "is for (N, R, W) tuning; with consistency levels across datacenters every (write level, "
                                + "read level) pair the topology allows is tried, unless "
                                + rules.name(Field.WRITE_LEVEL) + " or " + rules.name(Field.READ_LEVEL)
                                + " name some");
            }
            DatacenterReplicas placed = LevelChoice.replicas(profile, levelReplicas(), rules, limits);
            List<Requirement> parsed = requirements();
            Objective ranking = objective();
            long trialCount = trialCount();
            rules.wholeNumber(Field.THREADS, threads, 1, SimulationSpec.MAX_THREADS);
            LevelTuningSpec tuning = candidates.spec(
                    profile,
                    placed,
                    parsed,
                    ranking,
                    trialCount,
                    seed == null ? PredictionQuestion.DEFAULT_SEED : seed,
                    threads,
                    rules);
            return new TuningQuestion(null, tuning, seed != null);
        }

        /** N as given, for levels: one number (a range is refused), or null. */
        private Long levelReplicas() {
            if (replicaText == null) {
                return replicaNumber;
            }
            ReplicaRange range = ReplicaRange.parse(replicaText, DatacenterReplicas.MAX_REPLICAS, rules);
            if (range.size() > 1) {
                boolean placed = profile.topology().isPresent();
                throw rules.invalid(
                        Field.N,
                        "is a range (" + range + "), but tuning consistency levels keeps N fixed: "
                                + (placed ? "the replicas the profile places; leave it out" : "give one N"));
            }
            return (long) range.smallest();
        }

        private List<Requirement> requirements() {
            List<Requirement> parsed = new ArrayList<>();
            for (String requirement : requirements) {
                parsed.add(RequirementParser.parse(requirement));
            }
            return parsed;
        }

        private Objective objective() {
            return objective == null ? Objective.SUM : Objective.parse(objective);
        }

        private long trialCount() {
            return trials == null
                    ? limits.defaultTrials()
                    : rules.wholeNumber(Field.TRIALS, trials, 1, limits.maxTrials());
        }

        private ReplicaRange replicaRange() {
            int largestN = Math.min(limits.maxReplicas(), TuningSpec.MAX_N);
            ReplicaRange range;
            if (replicaText != null) {
                range = ReplicaRange.parse(replicaText, largestN, rules);
            } else {
                if (replicaNumber == null) {
                    throw rules.invalid(Field.N, "is required: a number or a range such as 3..5");
                }
                long n = replicaNumber;
                range = ReplicaRange.of(n, n, largestN, rules);
            }
            if (range.size() > limits.maxReplicaCounts()) {
                throw rules.invalid(Field.N, "may span at most " + limits.maxReplicaCounts() + " values, was " + range);
            }
            return range;
        }
    }
}
