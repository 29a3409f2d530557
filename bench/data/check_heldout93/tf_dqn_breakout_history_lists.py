from baselines.common.atari_wrappers import make_atari, wrap_deepmind
from tensorflow import keras
from tensorflow.keras import layers
import tensorflow as tf
import matplotlib.pyplot as plt
import numpy as np


def build_qnet(num_actions):
    # note
    inputs = layers.Input(shape=(84, 84, 4,))

    # note
    c1 = layers.Conv2D(32, 8, strides=4, activation="relu")(inputs)
    c2 = layers.Conv2D(64, 4, strides=2, activation="relu")(c1)
    c3 = layers.Conv2D(64, 3, strides=1, activation="relu")(c2)

    flat = layers.Flatten()(c3)

    fc = layers.Dense(512, activation="relu")(flat)
    action = layers.Dense(num_actions, activation="linear")(fc)

    return keras.Model(inputs=inputs, outputs=action)


def train():
    # note
    seed = 42
    gamma = 0.99  # note
    epsilon = 1.0  # note
    eps_floor = 0.1  # note
    eps_ceiling = 1.0  # note
    eps_span = (eps_ceiling - eps_floor)  # note
    batch_size = 32  # note
    ep_step_cap = 10000

    # note
    # note
    env = make_atari("BreakoutNoFrameskip-v4")
    # note
    env = wrap_deepmind(env, frame_stack=True, scale=True)
    env.seed(seed)

    num_actions = 4

    # note
    # note
    model = build_qnet(num_actions)
    # note
    # note
    # note
    target_net = build_qnet(num_actions)

    # note
    # note
    # note
    optimizer = keras.optimizers.RMSprop(learning_rate=0.0001, rho=0.99)

    # note
    act_buf = []
    obs_buf = []
    next_obs_buf = []
    rew_buf = []
    done_buf = []
    returns = []
    avg_return = 0
    n_episodes = 0
    n_frames = 0
    # note
    frame_budget = 2000000
    # note
    explore_frames = 1000000.0
    # note
    # note
    buf_cap = 10000
    # note
    learn_every = 4
    # note
    sync_every = 10000
    # note
    huber = keras.losses.Huber()

    while n_frames < frame_budget:  # note
        state = np.array(env.reset())
        episode_reward = 0

        for timestep in range(1, ep_step_cap):
            # note
            # note
            n_frames += 1

            # note
            if epsilon > np.random.rand(1)[0]:
                # note
                action = np.random.choice(num_actions)
            else:
                # note
                # note
                s_t = tf.convert_to_tensor(state)
                s_t = tf.expand_dims(s_t, 0)
                q_out = model(s_t, training=False)
                # note
                action = tf.argmax(q_out[0]).numpy()

            # note
            epsilon -= eps_span / explore_frames
            epsilon = max(epsilon, eps_floor)

            # note
            obs_next, reward, done, _ = env.step(action)
            obs_next = np.array(obs_next)

            episode_reward += reward

            # note
            act_buf.append(action)
            obs_buf.append(state)
            next_obs_buf.append(obs_next)
            done_buf.append(done)
            rew_buf.append(reward)
            state = obs_next

            # note
            if n_frames % learn_every == 0 and len(done_buf) > buf_cap:
                # note
                picks = np.random.choice(range(len(done_buf)), size=batch_size)

                # note
                s_batch = np.array([obs_buf[i] for i in picks])
                s2_batch = np.array([next_obs_buf[i] for i in picks])
                r_batch = [rew_buf[i] for i in picks]
                a_batch = [act_buf[i] for i in picks]
                d_batch = tf.convert_to_tensor(
                    [float(done_buf[i]) for i in picks]
                )

                # note
                # note
                q_next = target_net.predict(s2_batch)
                # note
                td_target = r_batch + ((1 - d_batch) * gamma * tf.reduce_max(q_next, axis=1))

                # note
                act_mask = tf.one_hot(a_batch, num_actions)

                with tf.GradientTape() as tape:
                    # note
                    q_values = model(s_batch)

                    # note
                    q_taken = tf.reduce_sum(tf.multiply(q_values, act_mask), axis=1)
                    # note
                    loss = huber(td_target, q_taken)

                # note
                grads = tape.gradient(loss, model.trainable_variables)
                optimizer.apply_gradients(zip(grads, model.trainable_variables))

            if n_frames % sync_every == 0:
                # note
                target_net.set_weights(model.get_weights())
                # note
                fmt = "avg return {:.2f}, episode {}, frames {}"
                print(fmt.format(avg_return, n_episodes, n_frames))

            # note
            if len(rew_buf) > buf_cap:
                del rew_buf[:1]
                del obs_buf[:1]
                del next_obs_buf[:1]
                del act_buf[:1]
                del done_buf[:1]

            if done:
                break

        # note
        returns.append(episode_reward)
        avg_return = np.mean(returns[-100:])

        n_episodes += 1

        if avg_return > 40:  # note
            print("target reached after {} episodes".format(n_episodes))
            break

    return model, returns


def dump_results(model, returns, save_path):
    model_dir = '/'.join((save_path, 'model'))
    returns_file = '/'.join((save_path, 'returns.npy'))

    model.save(model_dir)
    np.save(returns_file, returns)


def plot_returns(returns):
    smoothed = np.convolve(returns, np.ones(100) / 100, mode='valid')

    plt.figure(figsize=(16, 10))
    plt.plot(smoothed)
    plt.xlabel('episode')
    plt.ylabel('return')
    plt.show()


def main():
    out_root = '/breakout_run'

    # note
    print('training')
    model, returns = train()

    # note
    print('saving')
    dump_results(model, returns, out_root)

    # note
    print('plotting')
    plot_returns(returns)


if __name__ == "__main__":
    main()
