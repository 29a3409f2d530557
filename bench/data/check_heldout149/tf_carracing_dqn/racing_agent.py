import random
import numpy as np
from collections import deque
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense
from tensorflow.keras.optimizers import Adam

class RacingQAgent:
    def __init__(
        self,
        action_space    = [
            (-1, 1, 0.2), (0, 1, 0.2), (1, 1, 0.2), #           discrete moves as
            (-1, 1,   0), (0, 1,   0), (1, 1,   0), #        (steer, gas, brake)
            (-1, 0, 0.2), (0, 0, 0.2), (1, 0, 0.2), # ranges      -1..1  0..1  0..1
            (-1, 0,   0), (0, 0,   0), (1, 0,   0)
        ],
        frame_stack_num = 3,
        memory_size     = 5000,
        gamma           = 0.95,  # discount
        epsilon         = 1.0,   # exploration
        epsilon_min     = 0.1,
        epsilon_decay   = 0.9999,
        learning_rate   = 0.001
    ):
        self.action_space    = action_space
        self.frame_stack_num = frame_stack_num
        self.memory          = deque(maxlen=memory_size)
        self.gamma           = gamma
        self.epsilon         = epsilon
        self.epsilon_min     = epsilon_min
        self.epsilon_decay   = epsilon_decay
        self.learning_rate   = learning_rate
        self.model           = self.build_model()
        self.target_model    = self.build_model()
        self.update_target_model()

    def build_model(self):
        # small conv Q-network
        net = Sequential()
        net.add(Conv2D(filters=6, kernel_size=(7, 7), strides=3, activation='relu', input_shape=(96, 96, self.frame_stack_num)))
        net.add(MaxPooling2D(pool_size=(2, 2)))
        net.add(Conv2D(filters=12, kernel_size=(4, 4), activation='relu'))
        net.add(MaxPooling2D(pool_size=(2, 2)))
        net.add(Flatten())
        net.add(Dense(216, activation='relu'))
        net.add(Dense(len(self.action_space), activation=None))
        net.compile(loss='mean_squared_error', optimizer=Adam(lr=self.learning_rate, epsilon=1e-7))
        return net

    def update_target_model(self):
        self.target_model.set_weights(self.model.get_weights())

    def memorize(self, state, action, reward, next_state, done):
        self.memory.append((state, self.action_space.index(action), reward, next_state, done))

    def act(self, state):
        if np.random.rand() > self.epsilon:
            q = self.model.predict(np.expand_dims(state, axis=0))
            pick = np.argmax(q[0])
        else:
            pick = random.randrange(len(self.action_space))
        return self.action_space[pick]

    def replay(self, batch_size):
        batch = random.sample(self.memory, batch_size)
        xs = []
        ys = []
        for state, a_idx, reward, next_state, done in batch:
            goal = self.model.predict(np.expand_dims(state, axis=0))[0]
            if done:
                goal[a_idx] = reward
            else:
                nxt = self.target_model.predict(np.expand_dims(next_state, axis=0))[0]
                goal[a_idx] = reward + self.gamma * np.amax(nxt)
            xs.append(state)
            ys.append(goal)
        self.model.fit(np.array(xs), np.array(ys), epochs=1, verbose=0)
        if self.epsilon > self.epsilon_min:
            self.epsilon *= self.epsilon_decay

    def load(self, name):
        self.model.load_weights(name)
        self.update_target_model()

    def save(self, name):
        self.target_model.save_weights(name)
