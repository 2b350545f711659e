/**
 * The REST service ({@link dev.pbs.service.PbsApplication}, Dropwizard): the composition root that
 * wires the model, the engine, the profile store and the managed probes to HTTP. The command line
 * lives in the {@code cli} module.
 */
package dev.pbs.service;
