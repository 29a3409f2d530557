'''
CARLA: a DQN agent learns to drive from its front camera

'''
import glob
import os
import sys
import random
import time
import numpy as np
import cv2
import math
from collections import deque
from keras.applications.xception import Xception
from keras.layers import Dense, AveragePooling2D, Flatten
from keras.optimizers import Adam
from keras.models import Model
from keras.callbacks import TensorBoard
from keras.callbacks import ModelCheckpoint

import tensorflow as tf
from keras.layers import Activation, Dense
import keras.backend.tensorflow_backend as backend
from keras import Sequential
from keras.layers.convolutional import Conv2D
from threading import Thread

from tqdm import tqdm

try:
    sys.path.append(glob.glob('../carla/dist/carla-*%d.%d-%s.egg' % (
        sys.version_info.major,
        sys.version_info.minor,
        'win-amd64' if os.name == 'nt' else 'linux-x86_64'))[0])
except IndexError:
    pass
import carla


PREVIEW_ON = False
CAM_W = 640
CAM_H = 480
EPISODE_SECONDS = 10
MEMORY_CAP = 5_000
MEMORY_WARMUP = 1_000
SAMPLE_SIZE = 16
PREDICT_BS = 1
FIT_BS = SAMPLE_SIZE // 4
TARGET_SYNC_EVERY = 5
RUN_TAG = "Xception"

GPU_SHARE = 0.4
REWARD_FLOOR = -200

N_EPISODES = 10000

GAMMA = 0.99
explore = 1
EXPLORE_DECAY = 0.95 ## earlier tries: 0.9975, 0.99975
EXPLORE_MIN = 0.001

STATS_EVERY = 10


# TensorBoard callback that keeps one writer across many fit() calls
class SharedBoard(TensorBoard):

    # start at step 1 and open a single writer
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.step = 1
        self.writer = tf.summary.FileWriter(self.log_dir)

    # do not let Keras make its own writer
    def set_model(self, model):
        pass

    # log under our own step counter
    # (fit() would otherwise restart at step 0 each call)
    def on_epoch_end(self, epoch, logs=None):
        self.update_stats(**logs)

    # nothing to do per batch
    # each fit() is a single batch anyway
    def on_batch_end(self, batch, logs=None):
        pass

    # keep the writer open
    def on_train_end(self, _):
        pass

    # write our own scalars
    # at the current step
    def update_stats(self, **stats):
        self._write_logs(stats, self.step)


class DriveEnv:
    PREVIEW = PREVIEW_ON
    STEER = 1.0
    im_width = CAM_W
    im_height = CAM_H
    front_camera = None

    def __init__(self):
        self.client = carla.Client("localhost", 2000)
        self.client.set_timeout(10.0)
        self.world = self.client.get_world()
        self.bp_lib = self.world.get_blueprint_library()
        self.car_bp = self.bp_lib.filter("model3")[0]

    def reset(self):
        self.collision_hist = []
        self.actor_list = []

        self.spawn_at = random.choice(self.world.get_map().get_spawn_points())
        self.vehicle = self.world.spawn_actor(self.car_bp, self.spawn_at)
        self.actor_list.append(self.vehicle)

        self.cam_bp = self.bp_lib.find('sensor.camera.rgb')
        self.cam_bp.set_attribute("image_size_x", f"{self.im_width}")
        self.cam_bp.set_attribute("image_size_y", f"{self.im_height}")
        self.cam_bp.set_attribute("fov", f"110")

        mount = carla.Transform(carla.Location(x=2.5, z=0.7))
        self.sensor = self.world.spawn_actor(self.cam_bp, mount, attach_to=self.vehicle)
        self.actor_list.append(self.sensor)
        self.sensor.listen(lambda data: self.on_frame(data))

        self.vehicle.apply_control(carla.VehicleControl(throttle=0.0, brake=0.0))
        time.sleep(4)

        crash_bp = self.bp_lib.find("sensor.other.collision")
        self.crash_sensor = self.world.spawn_actor(crash_bp, mount, attach_to=self.vehicle)
        self.actor_list.append(self.crash_sensor)
        self.crash_sensor.listen(lambda event: self.on_crash(event))

        while self.front_camera is None:
            time.sleep(0.01)

        self.t_start = time.time()
        self.vehicle.apply_control(carla.VehicleControl(throttle=0.0, brake=0.0))

        return self.front_camera

    def on_crash(self, event):
        self.collision_hist.append(event)

    def on_frame(self, image):
        flat = np.array(image.raw_data)
        #print(flat.shape)
        rgba = flat.reshape((self.im_height, self.im_width, 4))
        rgb = rgba[:, :, :3]
        if self.PREVIEW:
            cv2.imshow("", rgb)
            cv2.waitKey(1)
        self.front_camera = rgb

    def step(self, action):
        if action == 0:
            self.vehicle.apply_control(carla.VehicleControl(throttle=1.0, steer=-1*self.STEER))
        elif action == 1:
            self.vehicle.apply_control(carla.VehicleControl(throttle=1.0, steer= 0))
        elif action == 2:
            self.vehicle.apply_control(carla.VehicleControl(throttle=1.0, steer=1*self.STEER))

        vel = self.vehicle.get_velocity()
        speed = int(3.6 * math.sqrt(vel.x**2 + vel.y**2 + vel.z**2))

        if len(self.collision_hist) != 0:
            done = True
            reward = -200
        elif speed < 50:
            done = False
            reward = -1
        else:
            done = False
            reward = 1

        if self.t_start + EPISODE_SECONDS < time.time():
            done = True

        return self.front_camera, reward, done, None


class QAgent:
    
    def __init__(self):
        self.model = self.build_net()
        self.target_model = self.build_net()
        self.target_model.set_weights(self.model.get_weights())

        self.replay_memory = deque(maxlen=MEMORY_CAP)

        self.tensorboard = SharedBoard(log_dir=f"logs/{RUN_TAG}-{int(time.time())}")
        self.sync_counter = 0
        self.graph = tf.get_default_graph()

        self.terminate = False
        self.last_logged_episode = 0
        self.training_initialized = False
        
    def build_net(self):
        net = Sequential()

        net.add(Conv2D(64, (3, 3), input_shape=(CAM_H, CAM_W,3), padding='same'))
        net.add(Activation('relu'))
        net.add(AveragePooling2D(pool_size=(5, 5), strides=(3, 3), padding='same'))

        net.add(Conv2D(64, (3, 3), padding='same'))
        net.add(Activation('relu'))
        net.add(AveragePooling2D(pool_size=(5, 5), strides=(3, 3), padding='same'))

        net.add(Conv2D(64, (3, 3), padding='same'))
        net.add(Activation('relu'))
        net.add(AveragePooling2D(pool_size=(5, 5), strides=(3, 3), padding='same'))

        net.add(Flatten())

        net.add(Dense(3, activation="linear"))
        net = Model(inputs=net.input, outputs=net.output)
        net.compile(loss="mse", optimizer=Adam(lr=0.001), metrics=["accuracy"])
        
        SAVEPOINT
        ckpt_pattern="ckpt-{epoch:02d}-{val_accuracy:.2f}.hdf5"
        saver = ModelCheckpoint(ckpt_pattern, monitor='val_accuracy', verbose=1, save_best_only=False, mode='max')
        cb_list = [self.tensorboard,saver]
        return net

    def remember(self, transition):
        transition = (state_now, action, reward, state_next, done)
        self.replay_memory.append(transition)

    def train(self):
        if len(self.replay_memory) < MEMORY_WARMUP:
            return

        batch = random.sample(self.replay_memory, SAMPLE_SIZE)

        s_now = np.array([tr[0] for tr in batch])/255
        with self.graph.as_default():
            q_now = self.model.predict(s_now, PREDICT_BS)

        s_next = np.array([tr[3] for tr in batch])/255
        with self.graph.as_default():
            q_next = self.target_model.predict(s_next, PREDICT_BS)

        xs = []
        ys = []

        for k, (s, a, r, s2, fin) in enumerate(batch):
            if not fin:
                best_next = np.max(q_next[k])
                target = r + GAMMA * best_next
            else:
                target = r

            row = q_now[k]
            row[a] = target

            xs.append(s)
            ys.append(row)

        log_now = False
        if self.tensorboard.step > self.last_logged_episode:
            log_now = True
            self.last_log_episode = self.tensorboard.step

        with self.graph.as_default():
            self.model.fit(np.array(xs)/255, np.array(ys), batch_size=FIT_BS, verbose=0, shuffle=False, callbacks=[self.tensorboard] if log_now else None)


        if log_now:
            self.sync_counter += 1

        if self.sync_counter > TARGET_SYNC_EVERY:
            self.target_model.set_weights(self.model.get_weights())
            self.sync_counter = 0

    def q_values(self, state):
        return self.model.predict(np.array(state).reshape(-1, *state.shape)/255)[0]

    def train_forever(self):
        ckpt_pattern="ckpt-{epoch:02d}-{val_accuracy:.2f}.hdf5"
        saver = ModelCheckpoint(ckpt_pattern, monitor='val_accuracy', verbose=1, save_best_only=True)
        
        warm_x = np.random.uniform(size=(1, CAM_H, CAM_W, 3)).astype(np.float32)
        warm_y = np.random.uniform(size=(1, 3)).astype(np.float32)
        
        log_now = False
        if self.tensorboard.step > self.last_logged_episode:
            log_now = True
            self.last_log_episode = self.tensorboard.step
            
        with self.graph.as_default():
            self.model.fit(warm_x,warm_y, verbose=False, batch_size=1, callbacks=[self.tensorboard,saver])
            self.model.fit(warm_x,warm_y, verbose=False, batch_size=1, callbacks=[self.tensorboard])
        
        #if log_now:
        #    self.sync_counter += 1
            
        #if self.sync_counter > TARGET_SYNC_EVERY:
        #    self.target_model.set_weights(self.model.get_weights())
        #    self.sync_counter = 0
            
        self.training_initialized = True

        while True:
            if self.terminate:
                return
            self.train()
            time.sleep(0.01)



if __name__ == '__main__':
    FPS = 60
    # reward history
    ep_returns = [-200]

    # fixed seeds
    random.seed(1)
    np.random.seed(1)
    tf.set_random_seed(1)

    # cap the GPU share (handy when several agents train at once)
    gpu_opts = tf.GPUOptions(per_process_gpu_memory_fraction=GPU_SHARE)
    backend.set_session(tf.Session(config=tf.ConfigProto(gpu_options=gpu_opts)))

    # folder for saved nets
    if not os.path.isdir('D:\\runs\\carla_dqn\\saved'):
        os.makedirs('D:\\runs\\carla_dqn\\saved')
        
    # folder for periodic snapshots
    if not os.path.isdir('D:\\runs\\carla_dqn\\saved\\snapshots'):
        os.makedirs('D:\\runs\\carla_dqn\\saved\\snapshots')

    # agent and simulator
    agent = QAgent()
    env = DriveEnv()


    # background trainer; wait until its warm-up fit is done
    trainer = Thread(target=agent.train_forever, daemon=True)
    trainer.start()
    while not agent.training_initialized:
        time.sleep(0.01)

    # one throw-away prediction so the first real one is not slow
    # (graph set-up happens on the first call)
    agent.q_values(np.ones((env.im_height, env.im_width, 3)))

    # episodes
    for episode in tqdm(range(1, N_EPISODES + 1), ascii=True, unit='episodes'):
        #try:

            env.collision_hist = []

            # board step follows the episode number
            agent.tensorboard.step = episode

            # fresh counters
            ep_return = 0
            step = 1

            # first frame
            state_now = env.reset()

            # run until the episode ends
            done = False
            t0 = time.time()

            # drive for a fixed number of seconds
            while True:

                # greedy move from the network
                if np.random.random() > explore:
                    # best Q
                    action = np.argmax(agent.q_values(state_now))
                else:
                    # random move
                    action = np.random.randint(0, 3)
                    # pause about one frame at 60 FPS (a prediction would take that long)
                    time.sleep(1/FPS)

                state_next, reward, done, _ = env.step(action)

                # add up the return
                ep_return += reward

                # store the transition
                agent.remember((state_now, action, reward, state_next, done))

                state_now = state_next
                step += 1

                if done:
                    break

            # remove the spawned actors
            for actor in env.actor_list:
                actor.destroy()

            # keep the return and log every few episodes
            ep_returns.append(ep_return)
            if not episode % STATS_EVERY or episode == 1:
                avg_ret = sum(ep_returns[-STATS_EVERY:])/len(ep_returns[-STATS_EVERY:])
                min_ret = min(ep_returns[-STATS_EVERY:])
                max_ret = max(ep_returns[-STATS_EVERY:])
                agent.tensorboard.update_stats(reward_avg=avg_ret, reward_min=min_ret, reward_max=max_ret, epsilon=explore)

                # save when the worst return clears the floor
                if min_ret >= REWARD_FLOOR:
                    agent.model.save(f'D:/runs/carla_dqn/saved/{RUN_TAG}__{max_ret:_>7.2f}max_{avg_ret:_>7.2f}avg_{min_ret:_>7.2f}min__{int(time.time())}.hdf5')

            # shrink exploration
            if explore > EXPLORE_MIN:
                explore *= EXPLORE_DECAY
                explore = max(EXPLORE_MIN, explore)
            
            # snapshot every episode
            if episode > 0:
                agent.model.save(f'D:/runs/carla_dqn/saved/snapshots/{RUN_TAG}__{episode}__{max_ret:_>7.2f}max_{avg_ret:_>7.2f}avg_{min_ret:_>7.2f}min__{int(time.time())}.hdf5')
                
    # stop the trainer thread and wait for it
    agent.terminate = True
    trainer.join()
    agent.model.save(f'D:/runs/carla_dqn/saved/{RUN_TAG}__{max_ret:_>7.2f}max_{avg_ret:_>7.2f}avg_{min_ret:_>7.2f}min__{int(time.time())}.hdf5')
