package dev.pbs.questions;

/**
 * A field of a question, with its name in each {@link Vocabulary}, so that one validation names
 * the problem in the words of whoever asked.
 */
public enum Field {
    PROFILE("profile", "--profile"),
    N("n", "--n"),
    R("r", "--r"),
    W("w", "--w"),
    ALL("all", "--all"),
    TIMES("t_ms", "--t"),
    WINDOWS("windows", "--windows"),
    STALE_PROBABILITIES("stale_probabilities", "--stale-probabilities"),
    PERCENTILES("percentiles", "--percentiles"),
    K("k", "--k"),
    TRIALS("trials", "--trials"),
    SEED("seed", "--seed"),
    THREADS("threads", "--threads"),
    READ_FANOUT("read_fanout", "--read-fanout"),
    COORDINATOR_REPLICA("coordinator_replica", "--coordinator-replica"),
    COORDINATOR_REPLICA_SHARE("coordinator_replica_share", "--coordinator-replica-share"),
    SPECULATIVE_RETRY("speculative_retry", "--speculative-retry"),
    READ_REPAIR("read_repair", "--read-repair"),
    REPLICA_CHOICE("replica_choice", "--replica-choice"),
    SNITCH_BADNESS_THRESHOLD("snitch_badness_threshold", "--snitch-badness-threshold"),
    WRITE_RATE("write_rate", "--write-rate"),
    READ_INTERVAL("read_interval_ms", "--read-interval"),
    REQUIRE("require", "--require"),
    OBJECTIVE("objective", "--objective"),
    LEVELS("levels", "--levels"),
    WRITE_LEVEL("write_level", "--write-level"),
    READ_LEVEL("read_level", "--read-level"),
    WRITE_DC("write_dc", "--write-dc"),
    READ_DC("read_dc", "--read-dc"),
    DATACENTER_MATRIX("dc_matrix", "--dc-matrix"),
    PROBABILITY("p", "--p"),
    PAUSE_EVERY("pause_every_ms", "--pause-every"),
    PAUSE_FOR("pause_for_ms", "--pause-for"),
    PAUSE_TIMING("pause_timing", "--pause-timing"),
    OUTAGE_EVERY("outage_every_ms", "--outage-every"),
    OUTAGE_FOR("outage_for_ms", "--outage-for"),
    HINT_WINDOW("hint_window_ms", "--hint-window"),
    HINT_REPLAY("hint_replay_ms", "--hint-replay"),
    FAULTY_REPLICAS("faulty_replicas", "--faulty-replicas"),
    HEALTHY("healthy", "--healthy"),
    RECOVERY_OUTAGE("recovery_outage_ms", "--recovery-outage"),
    RECOVERY_TIMES("recovery_times_ms", "--recovery-times");

    private final String jsonName;
    private final String optionName;

    Field(String jsonName, String optionName) {
        this.jsonName = jsonName;
        this.optionName = optionName;
    }

    /** The JSON field or query parameter, unquoted: {@code t_ms}. */
    public String jsonName() {
        return jsonName;
    }

    /** The command-line option: {@code --t}. */
    public String optionName() {
        return optionName;
    }

    /** The name as a message shows it: {@code 't_ms'} or {@code --t}. */
    public String in(Vocabulary vocabulary) {
        return vocabulary == Vocabulary.JSON ? "'" + jsonName + "'" : optionName;
    }
}
