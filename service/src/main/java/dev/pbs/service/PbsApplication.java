package dev.pbs.service;

import dev.pbs.formats.json.JsonMapping;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.core.PredictionService;
import dev.pbs.service.core.ProfileStore;
import dev.pbs.service.errors.HeapExhaustedMapper;
import dev.pbs.service.errors.IllegalArgumentMapper;
import dev.pbs.service.errors.JsonServerErrorHandler;
import dev.pbs.service.errors.MatrixParametersFilter;
import dev.pbs.service.errors.ProbeConflictMapper;
import dev.pbs.service.errors.ProfileConflictMapper;
import dev.pbs.service.errors.SimulationCapacityMapper;
import dev.pbs.service.errors.StateStoreUnavailableMapper;
import dev.pbs.service.errors.UnknownProfileMapper;
import dev.pbs.service.health.EngineHealthCheck;
import dev.pbs.service.metrics.PrometheusMetrics;
import dev.pbs.service.openapi.ApiDocumentation;
import dev.pbs.service.probes.LocalProbes;
import dev.pbs.service.probes.ProbeRegistry;
import dev.pbs.service.requests.PredictionRequestReader;
import dev.pbs.service.requests.RecommendationRequestReader;
import dev.pbs.service.requests.SlaRequestReader;
import dev.pbs.service.resources.BearerToken;
import dev.pbs.service.resources.ClusterResource;
import dev.pbs.service.resources.PredictionsResource;
import dev.pbs.service.resources.ProbesResource;
import dev.pbs.service.resources.ProfilesResource;
import dev.pbs.service.resources.RecommendationsResource;
import dev.pbs.service.resources.SlaResource;
import dev.pbs.service.state.FleetInstanceName;
import dev.pbs.service.state.FleetState;
import dev.pbs.service.state.StateConfiguration;
import dev.pbs.service.state.StateMetrics;
import io.dropwizard.assets.AssetsBundle;
import io.dropwizard.configuration.ConfigurationSourceProvider;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.FileConfigurationSourceProvider;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.cli.CheckCommand;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.component.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pbs REST service: the composition root. Builds the profile store, the probes (on one machine,
 * or shared by a fleet through Cassandra) and the prediction service from the configuration and registers the resources, error mappers and health checks, the OpenAPI
 * document ({@code /api/openapi.json}, Swagger UI at {@code /swagger/}) and the Prometheus metrics
 * (admin port, {@code /metrics}).
 */
public class PbsApplication extends Application<PbsConfiguration> {

    /** The configuration name that means "the commented default in the jar". */
    public static final String DEFAULT_CONFIGURATION = "classpath:pbs.yml";

    private static final Logger LOG = LoggerFactory.getLogger(PbsApplication.class);
    /** The uPlot webjar's version (dashboards/pom.xml). */
    private static final String UPLOT_VERSION = "1.6.30";

    /**
     * Runs Dropwizard's own command line ({@code server FILE}); users start the service with
     * {@code pbs serve}, which calls {@link #run(String...)} the same way.
     */
    public static void main(String[] arguments) throws Exception {
        new PbsApplication().run(arguments);
    }

    @Override
    public String getName() {
        return "pbs";
    }

    /** Dropwizard's commands, with {@code server} reporting a failure to start in one line. */
    @Override
    protected void addDefaultCommands(Bootstrap<PbsConfiguration> bootstrap) {
        bootstrap.addCommand(new StartupServerCommand(this));
        bootstrap.addCommand(new CheckCommand<>(this));
    }

    @Override
    public void initialize(Bootstrap<PbsConfiguration> bootstrap) {
        // Jersey writes the answers' records with Dropwizard's mapper: the same settings as --format json.
        JsonMapping.configure(bootstrap.getObjectMapper());
        bootstrap.setConfigurationSourceProvider(
                new SubstitutingSourceProvider(new FileOrDefault(), new EnvironmentVariableSubstitutor(false)));
        ApiDocumentation.addSwaggerUi(bootstrap);
        // The dashboard page (dashboards module) at /, and uPlot from its webjar: nothing from a CDN.
        bootstrap.addBundle(new AssetsBundle("/dev/pbs/dashboards/web", "/", "index.html", "dashboard"));
        bootstrap.addBundle(new AssetsBundle(
                "/META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist", "/vendor/uplot", null, "uplot"));
    }

    @Override
    public void run(PbsConfiguration configuration, Environment environment) {
        StateConfiguration stateConfiguration = configuration.getState();
        stateConfiguration.check();
        PbsConfiguration.Limits limits = configuration.getLimits();
        QuestionLimits questionLimits = limits.questionLimits();
        StateMetrics stateMetrics = new StateMetrics();
        ProfileStore store;
        ProbeRegistry probes;
        if (stateConfiguration.isCassandra()) {
            String instance = FleetInstanceName.of(stateConfiguration, configuration.getServerFactory());
            FleetState fleet = FleetState.open(stateConfiguration, stateMetrics, instance);
            environment.lifecycle().manage(fleet); // closed after the probes stop (reverse order)
            store = fleet.profiles();
            probes = fleet.probes(configuration.getProbes(), questionLimits);
            LOG.info("fleet mode: instance {}, state in keyspace {}", instance, stateConfiguration.getKeyspace());
        } else {
            store = ProfileStore.open(configuration.dataPath());
            probes = new LocalProbes(configuration.getProbes(), configuration.dataPath(), store, questionLimits);
        }
        store.loadProblems().forEach(problem -> LOG.warn("skipped a stored profile: {}", problem));
        environment.lifecycle().manage(probes);
        PredictionService predictions = new PredictionService(
                limits.getConcurrentSimulations(), limits.getQueuedSimulations(), limits.getCachedPredictions());
        int threads = Runtime.getRuntime().availableProcessors();
        BearerToken token = new BearerToken(configuration.getApiToken());
        if (configuration.getApiToken().isBlank()) {
            LOG.warn("PBS_API_TOKEN is not set: uploading and deleting profiles and probes is refused");
        }

        environment.getApplicationContext().setErrorHandler(new JsonServerErrorHandler.ForServlets());
        environment.lifecycle().addEventListener(new LifeCycle.Listener() {
            @Override
            public void lifeCycleStarting(LifeCycle event) {
                if (event instanceof Server server) {
                    server.setErrorHandler(new JsonServerErrorHandler());
                }
            }
        });
        environment.jersey().register(new MatrixParametersFilter());
        environment.jersey().register(new IllegalArgumentMapper());
        environment.jersey().register(new ProfileConflictMapper());
        environment.jersey().register(new ProbeConflictMapper());
        environment.jersey().register(new UnknownProfileMapper());
        environment.jersey().register(new SimulationCapacityMapper());
        environment.jersey().register(new StateStoreUnavailableMapper());
        environment.jersey().register(new HeapExhaustedMapper());
        environment.jersey().register(new ProfilesResource(store, token));
        environment
                .jersey()
                .register(new PredictionsResource(
                        new PredictionRequestReader(store, questionLimits, threads), predictions));
        environment
                .jersey()
                .register(new SlaResource(new SlaRequestReader(store, questionLimits, threads), predictions));
        environment
                .jersey()
                .register(new RecommendationsResource(
                        new RecommendationRequestReader(store, questionLimits, threads), predictions));
        environment.jersey().register(new ProbesResource(probes, token));
        environment.jersey().register(new ClusterResource(probes));
        environment.healthChecks().register("engine", new EngineHealthCheck());
        ApiDocumentation.register(environment.jersey());
        PrometheusMetrics.register(environment, predictions, probes::runningHere, stateMetrics::register);
    }

    /** A file when one is named, the jar's commented {@code pbs.yml} for {@link #DEFAULT_CONFIGURATION}. */
    private static final class FileOrDefault implements ConfigurationSourceProvider {
        private final ConfigurationSourceProvider files = new FileConfigurationSourceProvider();
        private final ConfigurationSourceProvider resources = new ResourceConfigurationSourceProvider();

        @Override
        public InputStream open(String path) throws IOException {
            if (DEFAULT_CONFIGURATION.equals(path)) {
                return resources.open("pbs.yml");
            }
            return files.open(path);
        }
    }
}
