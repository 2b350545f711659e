package dev.pbs.cli;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code pbs} command line. Exit status: 0 on success, 2 on bad input (one line on stderr
 * starting {@code "pbs: "}), 1 on an internal error (one line; a stack trace too when the
 * environment variable {@code PBS_DEBUG} is 1).
 */
@Command(
        name = "pbs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Probabilistically Bounded Staleness: how stale are reads from a partial-quorum store "
                    + "(Bailis et al., PVLDB 5(8), 2012)?",
            ""
        },
        footer = {"", "Example: pbs predict --profile lnkd-disk --n 3 --r ONE --w ONE"})
public final class PbsCommandLine implements Callable<Integer> {

    /** Exit status of a successful run. */
    public static final int EXIT_SUCCESS = 0;
    /** Exit status of an unexpected internal error. */
    public static final int EXIT_INTERNAL_ERROR = 1;
    /** Exit status of bad input: options, values, files. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String PREFIX = "pbs: ";

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(
                spec.commandLine(),
                "a command is needed: serve, predict, tune, profile, fit, cassandra, probe or fidelity (see pbs --help)");
    }

    public static void main(String[] args) {
        if (args.length > 0 && QUIET_LOGGING.contains(args[0])) {
            QuietLogging.apply();
        }
        PrintWriter out =
                new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = execute(out, err, args);
        System.exit(status);
    }

    /** Runs the command line in-process; debug output follows the environment variable PBS_DEBUG. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(out, err, "1".equals(System.getenv("PBS_DEBUG")), args);
    }

    /**
     * Runs the command line in-process, writing results to {@code out} and problems to {@code err}.
     *
     * @param debug print a stack trace with internal errors
     * @return the exit status: 0 success, 1 internal error, 2 bad input
     */
    public static int execute(PrintWriter out, PrintWriter err, boolean debug, String... args) {
        CommandLine commandLine = configured(args.length > 0 ? args[0] : null);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((problem, arguments) -> badInput(err, problem));
        commandLine.setExecutionExceptionHandler((problem, command, parseResult) -> {
            if (problem instanceof ParameterException || problem instanceof IllegalArgumentException) {
                return badInput(err, problem);
            }
            return internalError(err, problem, debug);
        });
        try {
            return commandLine.execute(args);
        } catch (RuntimeException | Error unexpected) {
            return internalError(err, unexpected, debug);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * The commands that log through SLF4J (the Cassandra driver, the local cluster's nodes, the
     * service), whose logging is quietened first; the others never start logging, which saves
     * their runs its tens of milliseconds of start-up.
     */
    private static final Set<String> QUIET_LOGGING = Set.of("serve", "cassandra", "probe", "fidelity");

    /** The subcommands, in the order the usage lists them, by name. */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> subcommands = new LinkedHashMap<>();
        subcommands.put("predict", PredictCommand::new);
        subcommands.put("tune", TuneCommand::new);
        subcommands.put("profile", ProfileCommand::new);
        subcommands.put("fit", FitCommand::new);
        subcommands.put("serve", ServeCommand::new);
        subcommands.put("cassandra", CassandraCommand::new);
        subcommands.put("probe", ProbeCommand::new);
        subcommands.put("replay", ReplayCommand::new);
        subcommands.put("fidelity", FidelityCommand::new);
        return subcommands;
    }

    /** The whole command tree with the conversions every command shares (enums in any case, strict decimals). */
    static CommandLine configured() {
        return configured(null);
    }

    /**
     * The command tree for a run whose first argument is {@code first}: when it names a command,
     * only that command's branch is built (picocli builds every option of every command it is
     * given, which costs a run most of a hundred milliseconds); else the whole tree, for the usage
     * and for messages about an unknown command.
     */
    static CommandLine configured(String first) {
        CommandLine commandLine = new CommandLine(new PbsCommandLine());
        if (first != null && SUBCOMMANDS.containsKey(first)) {
            commandLine.addSubcommand(first, SUBCOMMANDS.get(first).get());
        } else {
            SUBCOMMANDS.forEach((name, command) -> commandLine.addSubcommand(name, command.get()));
        }
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.registerConverter(Double.class, new DecimalConverter());
        commandLine.registerConverter(Double.TYPE, new DecimalConverter());
        return commandLine;
    }

    private static int badInput(PrintWriter err, Throwable problem) {
        // picocli starts some of its messages with "Error: "; the prefix already says whose it is.
        err.println(PREFIX + oneLine(problem.getMessage(), problem).replaceFirst("^Error: ", ""));
        return EXIT_BAD_INPUT;
    }

    private static int internalError(PrintWriter err, Throwable problem, boolean debug) {
        err.println(PREFIX + "internal error: " + problem.getClass().getSimpleName() + ": "
                + oneLine(problem.getMessage(), problem) + (debug ? "" : " (PBS_DEBUG=1 shows the stack trace)"));
        if (debug) {
            problem.printStackTrace(err);
        }
        return EXIT_INTERNAL_ERROR;
    }

    /** The message on one line, or the exception's name when it has none. */
    static String oneLine(String message, Throwable problem) {
        if (message == null || message.isBlank()) {
            return problem.getClass().getSimpleName();
        }
        return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
