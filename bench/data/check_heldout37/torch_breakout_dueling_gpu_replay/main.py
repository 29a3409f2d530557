import gym
from utils import *
from replacy_Memory import *
from dqn import *

# how many episodes to play
EPISODE_COUNT = 100000
# learn once every this many env steps
LEARN_EVERY = 4
# copy online weights into the target net this often
TARGET_SYNC_EVERY=10000
# random steps that fill the replay before learning
WARMUP_STEPS = 50000
# epsilon-greedy schedule
EPS_HIGH = 1
EPS_LOW = 0.1
EPS_ANNEAL_STEPS = 1000000
EPS_LATE_HIGH = 0.1
EPS_LATE_LOW = 0.01

online_model.train()
target_model.eval()
eval_returns = []
global step_count
step_count = 0

# headless frame for rendering
from pyvirtualdisplay import Display
display = Display(visible=0, size=(1400, 900))
display.start()

import os
if type(os.environ.get("DISPLAY")) is not str or len(os.environ.get("DISPLAY"))==0:
    os.system('bash ../xvfb start')
    os.system('%env DISPLAY=:1')

env = gym.make('BreakoutDeterministic-v4').unwrapped
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def main():
    for e in tqdm.tqdm(range(EPISODE_COUNT)):
        env.reset()
        a1 = grab_frame()
        a2 = grab_frame()
        a3 = grab_frame()
        a4 = grab_frame()
        state = torch.cat([a4, a3, a2, a1], dim=1)
        episode_return = 0
        warm = 0
        lives_left = 5
        for t in range(18000):
            # anneal epsilon
            if step_count < EPS_ANNEAL_STEPS:
                if step_count > WARMUP_STEPS:
                    progress_frac = min(float(step_count) / EPS_ANNEAL_STEPS, 1)
                    eps = EPS_HIGH + (EPS_LOW - EPS_HIGH) * progress_frac
                    action = pick_action(state, eps)
                else:
                    action = torch.tensor([[random.randrange(N_ACTIONS)]], device=device, dtype=torch.long)

            else:
                progress_frac = min(float(step_count) / 2 * EPS_ANNEAL_STEPS, 1)
                eps = EPS_LATE_HIGH + (EPS_LATE_LOW - EPS_LATE_HIGH) * progress_frac
                action = pick_action(state, eps)
            step_count += 1
            _, reward, done, info = env.step(action.item())
            episode_return += reward
            reward = np.clip(reward, -1.0, 1.0)
            reward = torch.tensor([reward], device=device)
            lives_now = info['ale.lives']

            if warm == 0:
                b1 = a2
                b2 = a3
                b3 = a4
                warm = 1
            else:
                b1 = b2
                b2 = b3
                b3 = b4

            b4 = grab_frame()
            if not done:
                next_state = torch.cat([b4, b3, b2, b1], dim=1)
                if lives_now != lives_left:
                    lives_left -= 1
                    replay.push(state, action, None, reward)
                else:
                    replay.push(state, action, next_state, reward)
            else:
                next_state = None
                replay.push(state, action, next_state, reward)
            state = next_state
            if (step_count > WARMUP_STEPS) and step_count % LEARN_EVERY == 0:
                learn_step()
            if step_count % TARGET_SYNC_EVERY == 0:
                print("target weights refreshed")
                target_model.load_state_dict(online_model.state_dict())
            if done:
                train_returns.append(np.sum(episode_return))
                print("episode return {}".format(train_returns[-1]))
                print("average of the last 100: {}".format(np.mean(train_returns[-100:])))
                save_return_plot()
                break

            if done and e%2000==0 and e!=0:
                # checkpoint every 2000 episodes
                ckpt_path = 'model_net_'+str(e)
                torch.save(online_model.state_dict(), ckpt_path)

def test():

    online_model = DuelingQNet().to(device)
    ckpt_name = 'model_net_12000'
    online_model.load_state_dict(torch.load('model_net_12000'))
    EVAL_EPS = 0.005
    env = gym.make('BreakoutDeterministic-v4').unwrapped

    def render_frame(env, step=0, info=""):
        plt.figure(3)
        plt.clf()
        plt.imshow(env.render(mode='rgb_array'))
        plt.title("%s  step %d  %s" % (env.spec.id, step, info))
        plt.axis('off')
        display.clear_output(wait=True)
        display.display(plt.gcf())

    online_model.eval()
    env.reset()

    a1 = grab_frame()
    a2 = grab_frame()
    a3 = grab_frame()
    a4 = grab_frame()

    eval_return = 0

    for i in count():
        state = torch.cat([a4, a3, a2, a1], dim=1)
        action = pick_action(state, EVAL_EPS)
        _, reward, done, _ = env.step(action.item())
        eval_return += reward
        if not done:
            a1 = a2
            a2 = a3
            a3 = a4
            a4 = grab_frame()
        else:
            break
        render_frame(env, i)
    print("greedy game return {}".format(eval_return))

if __name__ == '__main__':
    main()
    # then play one greedy game
    test()
