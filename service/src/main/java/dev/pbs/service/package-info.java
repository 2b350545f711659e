/**
 * The composition root: the {@code pbs} command line and the REST service ({@link
 * dev.pbs.service.PbsApplication}), wiring the model and the engine to the outside world.
 */
package dev.pbs.service;
