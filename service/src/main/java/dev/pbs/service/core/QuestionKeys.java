package dev.pbs.service.core;

import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.tuning.LevelTuningSpec;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.tuning.TuningSpec;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.RecoveryCurve;
import dev.pbs.questions.TuningQuestion;
import java.util.Arrays;

/** Cache keys: everything that determines an answer, as text (the profile itself, not just its name). */
final class QuestionKeys {

    private QuestionKeys() {}

    static String of(PredictionQuestion question) {
        if (question.isLevels()) {
            LevelSimulationSpec spec = question.levelSimulation();
            return "predict-levels|" + ProfileJson.write(spec.profile()) + "|" + spec.replicas() + "|"
                    + spec.configurations() + "|" + spec.trials() + "|" + spec.seed() + "|"
                    + spec.coordinatorReplicaShare() + "|" + Arrays.toString(spec.visibilityGridMillis()) + "|"
                    + question.report() + "|" + question.rareEvents();
        }
        SimulationSpec spec = question.simulation();
        return "predict|" + ProfileJson.write(spec.profile()) + "|" + spec.n() + "|" + spec.configurations() + "|"
                + spec.trials() + "|" + spec.seed() + "|" + spec.readFanout() + "|" + spec.coordinatorReplicaShare()
                + "|"
                + spec.speculativeRetry().text() + "|" + spec.readRepair() + "|" + spec.replicaChoice() + "|"
                + Arrays.toString(spec.visibilityGridMillis()) + "|"
                + question.report() + "|" + question.rareEvents() + "|" + question.sessions() + "|"
                + recovery(question.recovery());
    }

    /**
     * The recovery curve asked for: the outage and the times. Its hint window and replay delay are
     * the simulated profile's outages, in the key with the profile.
     */
    private static String recovery(RecoveryCurve recovery) {
        return recovery == null ? "no recovery" : recovery.outageMillis() + "ms " + recovery.sinceReturnMillis();
    }

    /** The read path of a tuning question, its settings spelled out (records of interfaces print their classes). */
    private static String readPath(TuningSpec spec) {
        dev.pbs.montecarlo.tuning.TuningReadPath path = spec.readPath();
        return path.readFanout() + "|"
                + path.speculativeRetries().stream()
                        .map(dev.pbs.model.readpath.SpeculativeRetry::text)
                        .toList()
                + "|" + path.readRepair() + "|" + path.replicaChoice();
    }

    static String of(TuningQuestion question) {
        if (question.isLevels()) {
            LevelTuningSpec spec = question.levelTuning();
            return "tune-levels|" + ProfileJson.write(spec.profile()) + "|" + spec.replicas() + "|"
                    + spec.candidates() + "|" + spec.writeDatacenter() + "|" + spec.readDatacenters() + "|"
                    + spec.requirements().stream().map(Requirement::text).toList() + "|"
                    + spec.objective().text() + "|" + spec.trials() + "|" + spec.seed();
        }
        TuningSpec spec = question.tuning();
        return "tune|" + ProfileJson.write(spec.profile()) + "|" + spec.smallestN() + ".." + spec.largestN() + "|"
                + spec.requirements().stream().map(Requirement::text).toList() + "|"
                + spec.objective().text() + "|"
                + spec.cassandraLevels() + "|" + spec.trials() + "|" + spec.seed() + "|" + readPath(spec);
    }
}
