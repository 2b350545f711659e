/**
 * Live consistency SLAs: the configurations and requirements a probe declares, predicted from its
 * live profile at every refresh ({@link dev.pbs.service.slas.LivePredictor}), exported as {@code
 * pbs_predicted_*} and {@code pbs_sla_*} metrics by the probes' {@code SlaMetrics}.
 */
package dev.pbs.service.slas;
