from networks import ResidualInferenceNetwork, LossNetwork, TransferModel
import tensorflow as tf
import matplotlib.pyplot as plt
import numpy as np
import io
from imaging_utils import image_grid, plot_to_image


class StyleTrainer:
    def __init__(self,
                 style_ref,
                 batch_size=32,
                 c_out=3,
                 input_shape=(256, 256, 3)):
        self.st_model = TransferModel(input_sape=input_shape)
        self.batch_size = batch_size
        self.style_ref = style_ref

    def _gram_term(self, feats):
        ref_feats = self.st_model.loss_net(self.style_ref)

        GRAM_LAYERS = ['block3_conv3', 'block2_conv2', 'block4_conv1']
        w_layer = 1. / float(len(GRAM_LAYERS))
        gram_total = tf.cast(0., dtype=tf.float32)
        for lname in GRAM_LAYERS:
            g_ref = self._gram(ref_feats[lname])
            g_out = self._gram(feats[lname])
            g_delta = g_out - g_ref
            n, h, w, c = feats[lname].get_shape().as_list(
            )
            gram_total += w_layer * tf.reduce_sum(
                tf.square(g_delta))  # squared Frobenius norm
        return gram_total

    def _feature_term(self, photo, feats):
        FEAT_LAYER = 'block4_conv2'
        photo_feats = self.st_model.loss_net(photo)
        n, h, w, c = photo_feats[FEAT_LAYER].get_shape(
        ).as_list()
        feat_total = tf.reduce_sum(
            tf.square(photo_feats[FEAT_LAYER] -
                      feats[FEAT_LAYER])) / (h * w * c)
        return feat_total

    def _objective(self, photo, stylised, feats):
        feat_part = 400. * self._feature_term(photo, feats)
        gram_total = 0.01 * self._gram_term(feats)
        tv_part = 1e-2 * tf.reduce_mean(tf.image.total_variation(stylised))
        overall = gram_total + feat_part + tv_part

        return overall, gram_total, feat_part, tv_part

    def _gram(self, fmap):
        prod = tf.linalg.einsum('bijc,bijd->bcd', fmap, fmap)
        input_shape = tf.shape(fmap)
        n_cells = tf.cast(
            input_shape[1] * input_shape[2] * input_shape[3], tf.float32)
        return prod / n_cells

    def _step(self, batch):
        with tf.GradientTape() as tape:
            stylised, feats = self.st_model(batch)

            overall_loss, gram_loss, feat_loss, tv_loss = self._objective(
                batch, stylised, feats)

        grads = tape.gradient(
            overall_loss, self.st_model.inference_net.trainable_variables)

        self.optim.apply_gradients(
            zip(grads,
                self.st_model.inference_net.trainable_variables))

        return stylised, overall_loss, gram_loss, feat_loss, tv_loss

    def train(self, stream, lr, epochs=1):
        self.optim = tf.keras.optimizers.Adam(learning_rate=lr)

        _n = 0

        for ep in range(epochs):
            for k, batch in enumerate(stream):
                stylised, overall_loss, gram_loss, feat_loss, tv_loss = self._step(
                    batch)

                tf.summary.scalar('loss/total', overall_loss, step=_n)
                tf.summary.scalar('loss/gram', gram_loss, step=_n)
                tf.summary.scalar('loss/tv', tv_loss, step=_n)
                tf.summary.scalar('loss/feature', feat_loss, step=_n)
                tf.summary.scalar('out/min',
                                  tf.reduce_mean(
                                      tf.reduce_min(stylised, axis=[1, 2, 3])),
                                  step=_n)
                tf.summary.scalar('out/max',
                                  tf.reduce_mean(
                                      tf.reduce_max(stylised, axis=[1, 2, 3])),
                                  step=_n)

                fig = image_grid(stylised)

                tf.summary.image("stylised batch", plot_to_image(fig), step=_n)

                _n += 1

                if _n % 100 == 0:
                    self.st_model.save_weights(f"stylenet.h5")
