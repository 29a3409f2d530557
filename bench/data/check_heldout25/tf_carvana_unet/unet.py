import tensorflow as tf
import sys
from scipy import misc
import numpy as np


class UNetSegmenter():
    def __init__(self, input_hw=(1280, 1920), session=None, base_filters=64, use_bn=True):
        self.in_h, self.in_w = input_hw
        self.session = session
        self.base_filters = base_filters
        self.restored = False
        self.use_bn = use_bn

    def build_net(self, training_mode=True):
        self.image_ph = tf.placeholder(tf.float32, shape=[None, self.in_h, self.in_w, 3], name='input_holder')
        self.mask_ph = tf.placeholder(tf.float32, shape=[None, self.in_h, self.in_w], name='output_holder')
        self.train_flag = tf.placeholder(tf.bool, name='is_train')
        base_filters = self.base_filters
        # training_mode = self.train_flag
        # training_mode = False
        # batch norm only trains well with momentum 0.9 instead of 0.99, at a high GPU cost

        # encoder
        enc1_a = tf.layers.conv2d(self.image_ph, filters=base_filters, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc1_a = tf.layers.batch_normalization(enc1_a, training=training_mode, momentum=0.9)
        enc1_b = tf.layers.conv2d(enc1_a, filters=base_filters, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc1_b = tf.layers.batch_normalization(enc1_b, training=training_mode, momentum=0.9)
        down1 = tf.layers.max_pooling2d(enc1_b, pool_size=(2, 2), strides=(2, 2))

        enc2_a = tf.layers.conv2d(down1, filters=base_filters * 2, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc2_a = tf.layers.batch_normalization(enc2_a, training=training_mode, momentum=0.9)
        enc2_b = tf.layers.conv2d(enc2_a, filters=base_filters * 2, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc2_b = tf.layers.batch_normalization(enc2_b, training=training_mode, momentum=0.9)
        down2 = tf.layers.max_pooling2d(enc2_b, pool_size=(2, 2), strides=(2, 2))

        enc3_a = tf.layers.conv2d(down2, filters=base_filters * 4, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc3_a = tf.layers.batch_normalization(enc3_a, training=training_mode, momentum=0.9)
        enc3_b = tf.layers.conv2d(enc3_a, filters=base_filters * 4, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc3_b = tf.layers.batch_normalization(enc3_b, training=training_mode, momentum=0.9)
        down3 = tf.layers.max_pooling2d(enc3_b, pool_size=(2, 2), strides=(2, 2))

        enc4_a = tf.layers.conv2d(down3, filters=base_filters * 8, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc4_a = tf.layers.batch_normalization(enc4_a, training=training_mode, momentum=0.9)
        enc4_b = tf.layers.conv2d(enc4_a, filters=base_filters * 8, kernel_size=(3, 3), activation=tf.nn.relu,
                                   padding='same')
        if self.use_bn:
            enc4_b = tf.layers.batch_normalization(enc4_b, training=training_mode, momentum=0.9)
        down4 = tf.layers.max_pooling2d(enc4_b, pool_size=(2, 2), strides=(2, 2))

        # bottleneck
        bottleneck = tf.layers.conv2d(down4, filters=base_filters * 16, kernel_size=(3, 3),
                                        activation=tf.nn.relu,
                                        padding='same')
        if self.use_bn:
            bottleneck = tf.layers.batch_normalization(bottleneck, training=training_mode, momentum=0.9)
        bottleneck = tf.layers.conv2d(bottleneck, filters=base_filters * 16, kernel_size=(3, 3),
                                        activation=tf.nn.relu,
                                        padding='same')
        if self.use_bn:
            bottleneck = tf.layers.batch_normalization(bottleneck, training=training_mode, momentum=0.9)

        # decoder
        dec4_up = tf.layers.conv2d_transpose(bottleneck, filters=base_filters * 8, kernel_size=(3, 3), strides=(2, 2),
                                              activation=tf.nn.relu,
                                              padding='same')
        if self.use_bn:
            dec4_up = tf.layers.batch_normalization(dec4_up, training=training_mode, momentum=0.9)
        dec4_up = tf.concat([enc4_b, dec4_up], axis=-1)
        dec4_a = tf.layers.conv2d(dec4_up, filters=base_filters * 8, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec4_a = tf.layers.batch_normalization(dec4_a, training=training_mode, momentum=0.9)
        dec4_b = tf.layers.conv2d(dec4_a, filters=base_filters * 8, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec4_b = tf.layers.batch_normalization(dec4_b, training=training_mode, momentum=0.9)
        dec3_up = tf.layers.conv2d_transpose(dec4_b, filters=base_filters * 4, kernel_size=(3, 3), strides=(2, 2),
                                              activation=tf.nn.relu,
                                              padding='same')
        if self.use_bn:
            dec3_up = tf.layers.batch_normalization(dec3_up, training=training_mode, momentum=0.9)
        dec3_up = tf.concat([enc3_b, dec3_up], axis=-1)
        dec3_a = tf.layers.conv2d(dec3_up, filters=base_filters * 4, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec3_a = tf.layers.batch_normalization(dec3_a, training=training_mode, momentum=0.9)
        dec3_b = tf.layers.conv2d(dec3_a, filters=base_filters * 4, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec3_b = tf.layers.batch_normalization(dec3_b, training=training_mode, momentum=0.9)

        dec2_up = tf.layers.conv2d_transpose(dec3_b, filters=base_filters * 2, kernel_size=(3, 3), strides=(2, 2),
                                              activation=tf.nn.relu,
                                              padding='same')
        if self.use_bn:
            dec2_up = tf.layers.batch_normalization(dec2_up, training=training_mode, momentum=0.9)
        dec2_up = tf.concat([enc2_b, dec2_up], axis=-1)

        dec2_a = tf.layers.conv2d(dec2_up, filters=base_filters * 2, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec2_a = tf.layers.batch_normalization(dec2_a, training=training_mode, momentum=0.9)

        dec2_b = tf.layers.conv2d(dec2_a, filters=base_filters * 2, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec2_b = tf.layers.batch_normalization(dec2_b, training=training_mode, momentum=0.9)

        dec1_up = tf.layers.conv2d_transpose(dec2_b, filters=base_filters, kernel_size=(3, 3), strides=(2, 2),
                                              activation=tf.nn.relu,
                                              padding='same')
        if self.use_bn:
            dec1_up = tf.layers.batch_normalization(dec1_up, training=training_mode, momentum=0.9)
        dec1_up = tf.concat([enc1_b, dec1_up], axis=-1)
        dec1_a = tf.layers.conv2d(dec1_up, filters=base_filters, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec1_a = tf.layers.batch_normalization(dec1_a, training=training_mode, momentum=0.9)
        dec1_b = tf.layers.conv2d(dec1_a, filters=base_filters, kernel_size=(3, 3),
                                      activation=tf.nn.relu,
                                      padding='same')
        if self.use_bn:
            dec1_b = tf.layers.batch_normalization(dec1_b, training=training_mode, momentum=0.9)

        # one-channel mask head
        mask_logits = tf.layers.conv2d(dec1_b, filters=1, kernel_size=(1, 1), activation=None,
                                             padding='same')
        mask_logits = tf.squeeze(mask_logits, axis=-1)
        mask_prob = tf.nn.sigmoid(mask_logits)
        self.pred_mask = mask_prob
        print(mask_prob)
        self.loss = tf.reduce_mean(
            tf.nn.sigmoid_cross_entropy_with_logits(logits=mask_logits, labels=self.mask_ph))
        print(self.loss)

        self.dice_op = self.dice_score(mask_prob, self.mask_ph)
        print(self.dice_op)
        self.saver = tf.train.Saver(max_to_keep=30)

    def permute_pairs(self, X_src, Y_src):
        order = np.arange(X_src.shape[0])
        np.random.shuffle(order)
        return X_src[order], Y_src[order]

    def dice_score(self, pred_map, true_mask, binarise=True):
        flat_pred = tf.layers.flatten(pred_map)
        true_mask = tf.layers.flatten(true_mask)
        if binarise:
            flat_pred = tf.cast(tf.greater(flat_pred, 0.5), tf.float32)
        dice_num = 2 * tf.reduce_sum(true_mask * flat_pred, axis=1)
        dice_den = tf.reduce_sum(true_mask, axis=1) + tf.reduce_sum(flat_pred, axis=1)
        return dice_num / dice_den

    def infer_batch(self, batch_inputs):
        assert self.session
        return self.session.run(self.pred_mask, feed_dict={self.image_ph: batch_inputs, self.train_flag: False})

    def infer_with_dice(self, batch_inputs, train_masks):
        assert self.session
        return self.session.run([self.pred_mask, self.dice_op],
                             feed_dict={self.image_ph: batch_inputs, self.mask_ph: train_masks, self.train_flag: False})

    def load_weights(self, ckpt_path):
        assert self.session
        assert hasattr(self, 'saver')
        self.saver.restore(self.session, ckpt_path)
        self.restored = True

    def save_weights(self, ckpt_path):
        assert self.session
        assert hasattr(self, 'saver')
        self.saver.save(self.session, ckpt_path)

    def train(self, train_images, train_masks, val_images, val_masks, batch_len=1, n_epochs=100, lr_value=0.001,
              use_dice=True, save_every_epoch=False):
        assert hasattr(self, 'loss')
        assert self.session is not None
        if use_dice:
            self.loss += 1 - tf.reduce_mean(self.dice_score(self.pred_mask, self.mask_ph, binarise=False))

        # tensorboard summaries
        tf.summary.scalar('loss', self.loss)
        tf.summary.scalar('dice_coef', tf.reduce_mean(self.dice_op))
        merged_summ = tf.summary.merge_all()
        mask_image_summ = tf.summary.image('predicted masks', tf.expand_dims(self.pred_mask, axis=-1), max_outputs=8)
        fit_writer = tf.summary.FileWriter('./log_train', self.session.graph)
        val_writer = tf.summary.FileWriter('./log_test', self.session.graph)

        bn_update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
        with tf.control_dependencies(bn_update_ops):
            # adam_step = tf.train.GradientDescentOptimizer(lr_value).minimize(self.loss)
            adam_step = tf.train.AdamOptimizer(lr_value, beta1=0.5).minimize(self.loss)
        # adam_step = tf.train.AdamOptimizer(lr_value, beta1=0.5).minimize(self.loss)
        if not self.restored:
            self.session.run(tf.global_variables_initializer())
        n_train_batches = train_images.shape[0] // batch_len
        n_val_batches = val_images.shape[0]
        best_val_loss = 100.
        best_val_dice = 0.
        fixed_train_batch = train_images[:batch_len]
        fixed_val_batch = val_images[:batch_len]
        fixed_val_mask = val_masks[:batch_len]
        step_count = 0
        for epoch in range(n_epochs):
            # fitting pass
            loss_sum = 0.
            dice_sum = 0.
            train_images, train_masks = self.permute_pairs(train_images, train_masks)
            for idx in range(n_train_batches):
                step_count += 1
                image_batch = train_images[idx * batch_len: (idx + 1) * batch_len]
                mask_batch = train_masks[idx * batch_len: (idx + 1) * batch_len]
                _, batch_loss, pred_map, dice_vals, summ_out = self.session.run(
                    [adam_step, self.loss, self.pred_mask, self.dice_op, merged_summ],
                    feed_dict={self.image_ph: image_batch,
                               self.mask_ph: mask_batch,
                               self.train_flag: True})
                sys.stdout.write("\r-fit pass %3d, batch %4d, loss %0.6f, dice %.6f" % (
                    epoch, idx, batch_loss, np.mean(dice_vals)))
                loss_sum += batch_loss
                dice_sum += np.mean(dice_vals)
                fit_writer.add_summary(summ_out, step_count)
                if step_count % 50 == 0:
                    fit_img_summ = self.session.run(mask_image_summ,
                                                         feed_dict={self.image_ph: fixed_train_batch})
                    val_img_summ, summ_out = self.session.run([mask_image_summ, merged_summ],
                                                                        feed_dict={
                                                                            self.image_ph: fixed_val_batch,
                                                                            self.mask_ph: fixed_val_mask})
                    fit_writer.add_summary(fit_img_summ, step_count)
                    val_writer.add_summary(val_img_summ, step_count)
                    val_writer.add_summary(summ_out, step_count)

                    # misc.imsave('./test_result/train_%03d_epoch%03d.jpg' % (idx, epoch),pred_map.reshape([self.in_h, self.in_w]))
            print("\n-fit pass %3d, mean loss %.6f, mean dice %.6f" % (
                epoch, loss_sum / n_train_batches, dice_sum / n_train_batches))

            # validation pass
            loss_sum = 0.
            dice_sum = 0
            val_batch_len = 1
            for idx in range(n_val_batches):
                image_batch = val_images[idx * val_batch_len: (idx + 1) * val_batch_len]
                mask_batch = val_masks[idx * val_batch_len: (idx + 1) * val_batch_len]
                batch_loss, pred_map, dice_vals = self.session.run(
                    [self.loss, self.pred_mask, self.dice_op],
                    feed_dict={self.image_ph: image_batch,
                               self.mask_ph: mask_batch,
                               self.train_flag: False})
                # the feed flag has no effect: build_net fixed the mode already
                sys.stdout.write("\r--val pass %3d, batch %4d, loss %0.6f, dice %.6f" % (
                    epoch, idx, batch_loss, np.mean(dice_vals)))
                loss_sum += batch_loss
                dice_sum += np.mean(dice_vals)
            mean_val_loss = loss_sum / n_val_batches
            mean_val_dice = dice_sum / n_val_batches
            print("\n--val pass %3d, mean loss %.6f, mean dice %.6f" % (
                epoch, mean_val_loss, mean_val_dice))
            needs_save = False
            if best_val_loss > mean_val_loss:
                best_val_loss = mean_val_loss
                needs_save = True
            if best_val_dice < mean_val_dice:
                best_val_dice = mean_val_dice
                needs_save = True
            if needs_save or save_every_epoch:
                ckpt_path = './checkpoints/epoch%d_batch%d_h%d_w%d_filter%d_loss%04d_dice_%04d_bn%d.ckpt' % (
                    epoch, batch_len, self.in_h, self.in_w, self.base_filters, int(mean_val_loss * 10000),
                    int(mean_val_dice * 10000), int(self.use_bn))
                self.save_weights(ckpt_path)
                print('weights stored at', ckpt_path)
