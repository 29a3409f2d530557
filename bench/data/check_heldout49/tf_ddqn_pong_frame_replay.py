# Double DQN on Pong pixels with a replay of flattened frame pairs
# (value net on 2 x 6400 inputs, target net synced every 6 episodes)


import sys
import numpy as np
import gym
from collections import deque
import random

import tensorflow as tf
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.layers import Input, Lambda, Dense, Conv2D, MaxPool2D, Flatten, BatchNormalization, Dropout
from tensorflow.keras.optimizers import RMSprop, Adam
import tensorflow.keras.backend as K

env = gym.make('PongDeterministic-v4')


MOVE_UP = 2
MOVE_DOWN = 3
MOVES = [MOVE_UP, MOVE_DOWN]

# Q-network: two frames in, one value per move out
qnet = Sequential([
    Dense(512, activation='relu', input_shape=(2*6400,)),
    Dense(128, activation='relu'),
    Dense(len(MOVES)),
])

qnet.compile(optimizer=Adam(1e-4), loss=tf.keras.losses.Huber())
qnet_slow = tf.keras.models.clone_model(qnet)


# frame preprocessing
def flatten_frame(img):
    """ crop, halve and binarise a 210x160x3 pong frame; returns 6400 floats """
    if img is None: return np.zeros((6400,))
    img = img[35:195] # drop score bar
    img = img[::2,::2,0] # every second pixel, one channel
    img[img == 144] = 0 # background colour A
    img[img == 109] = 0 # background colour B
    img[img != 0] = 1 # paddles and ball
    return img.astype(np.float).ravel()

def run_training():
    replay = deque(maxlen=64000)
    epsilon = 1.0
    disc = 0.99

    returns = []
    for episode in range(6000):
        last_frame, frame = None, env.reset()
        ret = 0
        for step in range(99000):
            state = np.hstack([flatten_frame(frame), flatten_frame(last_frame)])
            last_frame = frame

            if np.random.random() < epsilon:
                a_idx = np.random.choice(len(MOVES))
            else:
                q = qnet.predict(state[None, :])
                a_idx = np.argmax(q[0])
            move = MOVES[a_idx]

            frame, r, over, _ = env.step(move)

            point_over = (r != 0)
            replay.append((state, a_idx, r, point_over))
            ret += r



            if over:
                if episode % 3 == 0:
                    for rep in range(2):
                        picks = random.sample(range(len(replay)-1), min(len(replay)-1, 16384))

                        S = np.array([replay[j][0] for j in picks])
                        S_next = np.array([replay[j+1][0] for j in picks])
                        A = np.array([replay[j][1] for j in picks])
                        R = np.array([replay[j][2] for j in picks])
                        D = [replay[j][3] for j in picks]

                        Q = qnet.predict(S)
                        Q_next = qnet.predict(S_next)
                        Q_slow = qnet_slow.predict(S_next)

                        for n in range(len(picks)):
                            a_idx = A[n]
                            if D[n]:
                                Q[n][a_idx] = R[n]
                            else:
                                Q[n][a_idx] = R[n] + disc * Q_slow[n][np.argmax(Q_next[n])]

                        qnet.fit(S, Q, epochs=1, batch_size=64)

                returns.append(ret)
                recent_mean = sum(returns[-50:]) / len(returns[-50:])
                print(f'ep {episode} steps {step} eps {epsilon:.2f} return {ret} mean50 {recent_mean}')

                epsilon = max(0.1, 1.1 - episode/250.0)

                if episode % 6 == 0:
                    qnet_slow.set_weights(qnet.get_weights())
                    qnet_slow.save('params/qnet_slow.h5')

                break

def watch():
    global env
    env = gym.wrappers.Monitor(env, './videos', video_callable=lambda eid: True, force=True)

    qnet_slow.load_weights('params/qnet_slow.h5')

    ret = 0
    last_frame, frame = None, env.reset()
    for step in range(99000):
        state = np.hstack([flatten_frame(frame), flatten_frame(last_frame)])
        last_frame = frame

        q = qnet_slow.predict(state[None, :])
        a_idx = np.argmax(q[0])
        move = MOVES[a_idx]

        frame, r, over, _ = env.step(move)
        ret += r

        if r != 0:
            print(f'step {step} point {r}')

        if over:
            print(f'step {step} total {ret}')
            break

def entry():
    if len(sys.argv) >= 2 and sys.argv[1] == 'test':
        watch()
    else:
        run_training()

if __name__ == '__main__':
    entry()

