import numpy as np
import matplotlib.pyplot as plt

from data import *
from model import *
from tensorboard_writer import *


# run settings
BATCH = 128
HOLD_SHARE = 0.05
SIDE_CAM_OFFSET = 0.1    

# build the network
agent = Model()

# event writers for the two curves
log_fit = TensorboardWriter("tensorboard/train")
log_hold = TensorboardWriter("tensorboard/valid")

# read every recording
runs = [load_folder("./data/{}".format(k)) for k in [3, 1, 2, 0]]
speed = np.concatenate([runs[k][0] for k in range(len(runs))])
control = np.concatenate([runs[k][1] for k in range(len(runs))])
frames_left = np.concatenate([runs[k][2] for k in range(len(runs))])
frames_mid = np.concatenate([runs[k][3] for k in range(len(runs))])
frames_right = np.concatenate([runs[k][4] for k in range(len(runs))])

# side cameras steer back toward the middle
control_left = control + np.array([0, SIDE_CAM_OFFSET])
control_right = control - np.array([0, SIDE_CAM_OFFSET])

# hold out the first part of the frames
n_hold = int(len(speed) * HOLD_SHARE)

speed_fit = np.concatenate([speed[n_hold:]] * 3)
control_fit = np.concatenate([control_left[n_hold:], control[n_hold:], control_right[n_hold:]])
frames_fit = np.concatenate([frames_left[n_hold:], frames_mid[n_hold:], frames_right[n_hold:]])

speed_hold = np.concatenate([speed[:n_hold]] * 3)
control_hold = np.concatenate([control_left[:n_hold], control[:n_hold], control_right[:n_hold]])
frames_hold = np.concatenate([frames_left[:n_hold], frames_mid[:n_hold], frames_right[:n_hold]])

# squash controls into tanh range and soften the throttle
control_fit = np.clip((control_fit * np.array([0.9, 1.0])) - np.array([0.03, 0]), -1.0, 1.00)
control_hold = np.clip((control_hold * np.array([0.9, 1.0])) - np.array([0.03, 0]), -1.0, 1.00)

# quick look at the ranges
print(min(speed), max(speed), np.mean(speed))
print(min(control[:, 0]), max(control[:, 0]), np.mean(control[:, 0]))
print(min(control[:, 1]), max(control[:, 1]), np.mean(control[:, 1]))
#for k in range(3):
#    plt.imshow(frames_mid[234, :, :, k])
#    plt.show()

# feed for the held-out check
hold_feed = { agent.image: frames_hold, agent.speed: speed_hold, agent.control: control_hold }


# index sets for a batch balanced over throttle and steering signs
idx_pp = np.arange(len(speed_fit))[(control_fit[:, 0] >= 0) * (control_fit[:, 1] > 0)]
idx_pn = np.arange(len(speed_fit))[(control_fit[:, 0] >= 0) * (control_fit[:, 1] <= 0)]
idx_np = np.arange(len(speed_fit))[(control_fit[:, 0] < 0) * (control_fit[:, 1] > 0)]
idx_nn = np.arange(len(speed_fit))[(control_fit[:, 0] < 0) * (control_fit[:, 1] <= 0)]
def draw_batch():
    pick = np.random.choice(idx_pp, BATCH // 4)
    pick = np.append(pick, np.random.choice(idx_pn, BATCH // 4))
    pick = np.append(pick, np.random.choice(idx_np, BATCH // 4))
    pick = np.append(pick, np.random.choice(idx_nn, BATCH // 4))
    return frames_fit[pick], speed_fit[pick], control_fit[pick]


# training loop
step = 0
while True:
    step += 1

    fb, sb, cb = draw_batch()
    runs = { agent.image: fb, agent.speed: sb, agent.control: cb }
    _, loss = agent.sess.run([agent.il_optimizer, agent.il_loss], feed_dict=runs)
    log_fit.write_episode_data(step, { "loss": loss })
    print(step, loss)

    # held-out check
    if step % 1000 == 0:
        loss = agent.sess.run(agent.il_loss, feed_dict=hold_feed)
        log_hold.write_episode_data(step, { "loss": loss })

        agent.save("agent.ckpt", step=step)
        print("held-out loss:", loss)
