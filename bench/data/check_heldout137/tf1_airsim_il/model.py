import numpy as np
import tensorflow as tf # needs TF 1.x
import tensorflow_probability as tfp # matching TFP


# graph-mode network for imitation and ppo
class Model():
    NOISE = [0.1, 0.1] # std for throttle and steering

    def ppo_loss(pred, act, old_logp, adv):
        dist = tfp.distributions.MultivariateNormalDiag(loc=pred, scale_diag=Model.NOISE)
        ratio = tf.math.exp(dist.log_prob(act) - old_logp)
        return -tf.reduce_mean(tf.minimum(ratio * adv, tf.clip_by_value(ratio, clip_value_min=0.8, clip_value_max=1.2) * adv))

    def __init__(self, il_lr=1e-3, rl_lr=1e-4):
        # session that only takes GPU memory as it needs it
        self.config = tf.ConfigProto()
        self.config.gpu_options.allow_growth = True
        self.sess = tf.Session(config=self.config)

        # inputs
        self.image = tf.placeholder(tf.float32, shape=(None, 72, 128, 3), name="image")
        self.speed = tf.placeholder(tf.float32, shape=(None, 1), name="speed")

        # targets
        self.control = tf.placeholder(tf.float32, shape=(None, 2), name="control")  # throttle and steering
        self.value = tf.placeholder(tf.float32, shape=(None, 1), name="value")

        # extra inputs for ppo
        self.probability = tf.placeholder(tf.float32, shape=(None, 1), name="probability")
        self.advantage = tf.placeholder(tf.float32, shape=(None, 1), name="advantage")

        # conv trunk
        h = self.image
        h = tf.layers.conv2d(inputs=h, filters=3, kernel_size=9, strides=4, padding="same", activation=tf.nn.relu)
        h = tf.layers.conv2d(inputs=h, filters=4, kernel_size=5, strides=2, padding="same", activation=tf.nn.relu)
        h = tf.layers.MaxPooling2D(pool_size=2, strides=2, padding="same")(h)
        h = tf.contrib.layers.flatten(h)

        # append the speed
        h = tf.concat([h, self.speed], axis=-1)

        # two small dense branches
        h_ctrl = tf.layers.dense(inputs=h, units=10, activation=tf.nn.relu)
        h_val = tf.layers.dense(inputs=h, units=10, activation=tf.nn.relu)

        # outputs
        self.out_control = tf.layers.dense(inputs=h_ctrl, units=2, activation=tf.nn.tanh) # throttle and steering
        self.out_value = tf.layers.dense(inputs=h_val, units=1)

        # sampled action for ppo
        dist = tfp.distributions.MultivariateNormalDiag(loc=self.out_control, scale_diag=Model.NOISE)
        self.out_control_sampled = dist.sample()
        self.out_control_sampled_prob = dist.log_prob(self.out_control_sampled)

        # imitation objective
        self.il_loss = tf.losses.mean_squared_error(labels=self.control, predictions=self.out_control)
        self.il_optimizer = tf.train.AdamOptimizer(learning_rate=il_lr).minimize(self.il_loss)

        # ppo objective
        self.rl_loss_control = Model.ppo_loss(self.out_control, self.control, self.probability, self.advantage)
        self.rl_loss_value = tf.losses.mean_squared_error(labels=self.value, predictions=self.out_value)
        self.rl_optimizer = tf.group(tf.train.GradientDescentOptimizer(learning_rate=rl_lr).minimize(self.rl_loss_control),\
                                     tf.train.AdamOptimizer(learning_rate=rl_lr).minimize(self.rl_loss_value))

        # checkpoint writer
        self.saver = tf.train.Saver(max_to_keep=5)

        # set initial values
        self.sess.run(tf.global_variables_initializer())

    # restore a checkpoint
    def load(self, ckpt_name=None):
        if ckpt_name is None: ckpt_name = tf.train.latest_checkpoint("./model/")
        else: ckpt_name = "./model/" + ckpt_name
        print("Restoring:", ckpt_name)
        return self.saver.restore(self.sess, ckpt_name)

    # write a checkpoint
    def save(self, ckpt_name, step):
        return self.saver.save(self.sess, "./model/" + ckpt_name, global_step=step)