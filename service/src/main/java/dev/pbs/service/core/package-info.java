/**
 * What the REST resources call: the crash-safe profile store, request validation and the
 * capacity-bounded, caching prediction service. No HTTP types here except the {@code ApiProblem}
 * errors the resources pass on.
 */
package dev.pbs.service.core;
