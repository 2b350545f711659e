package dev.pbs.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * The run the launcher makes once after each build to list the classes its class-data-sharing
 * archive holds, so that it holds those of every quick command, not only of one: the help, a
 * small prediction as a table and as JSON, and a small tuning. Their output is discarded; a
 * command that fails only leaves its classes out of the archive.
 *
 * <p>Run by the launcher: {@code java -XX:DumpLoadedClassList=pbs.classes -cp pbs.jar
 * dev.pbs.cli.ClassDataTraining}, then {@code java -Xshare:dump -XX:SharedClassListFile=pbs.classes
 * -XX:SharedArchiveFile=pbs.jsa -cp pbs.jar}.
 */
public final class ClassDataTraining {

    /** Each run's arguments, as a user would type them after {@code pbs}. */
    static final String[][] RUNS = {
        {"--help"},
        {"predict", "--help"},
        {"predict", "--profile", "lnkd-disk", "--n", "3", "--trials", "1000"},
        {"predict", "--profile", "lnkd-disk", "--n", "3", "--all", "--trials", "1000", "--format", "json"},
        {"tune", "--profile", "lnkd-disk", "--n", "3", "--require", "consistency@10ms>=0.99", "--trials", "1000"},
    };

    private ClassDataTraining() {}

    public static void main(String[] arguments) {
        int failed = 0;
        try (PrintWriter discard = new PrintWriter(Writer.nullWriter())) {
            for (String[] run : RUNS) {
                if (PbsCommandLine.execute(discard, discard, false, run) != PbsCommandLine.EXIT_SUCCESS) {
                    failed++;
                }
            }
        }
        System.exit(failed == 0 ? PbsCommandLine.EXIT_SUCCESS : PbsCommandLine.EXIT_INTERNAL_ERROR);
    }
}
