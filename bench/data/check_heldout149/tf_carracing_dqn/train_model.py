import argparse
import gym
from collections import deque
from racing_agent import RacingQAgent
from frame_utils import process_state_image
from frame_utils import generate_state_frame_stack_from_queue

SHOW                          = True
FIRST_EPISODE                 = 1
LAST_EPISODE                  = 1000
REPEAT_ACTION                 = 2
REPLAY_BATCH                  = 64
SAVE_EVERY                    = 25
TARGET_SYNC_EVERY             = 5

if __name__ == '__main__':
    cli = argparse.ArgumentParser(description='Train a Q-learning driver on CarRacing.')
    cli.add_argument('-m', '--model', help='Weights file to resume from.')
    cli.add_argument('-s', '--start', type=int, help='First episode number (1 if omitted).')
    cli.add_argument('-e', '--end', type=int, help='Last episode number (1000 if omitted).')
    cli.add_argument('-p', '--epsilon', type=float, default=1.0, help='Initial exploration rate (1.0 if omitted).')
    opts = cli.parse_args()

    env = gym.make('CarRacing-v0')
    driver = RacingQAgent(epsilon=opts.epsilon)
    if opts.model:
        driver.load(opts.model)
    if opts.start:
        FIRST_EPISODE = opts.start
    if opts.end:
        LAST_EPISODE = opts.end

    for ep in range(FIRST_EPISODE, LAST_EPISODE+1):
        first = env.reset()
        first = process_state_image(first)

        ep_return = 0
        bad_streak = 0
        recent = deque([first]*driver.frame_stack_num, maxlen=driver.frame_stack_num)
        t = 1
        done = False
        
        while True:
            if SHOW:
                env.render()

            stack_now = generate_state_frame_stack_from_queue(recent)
            action = driver.act(stack_now)

            reward = 0
            for _ in range(REPEAT_ACTION+1):
                frame, r, done, info = env.step(action)
                reward += r
                if done:
                    break

            # stop the episode after a long run of negative rewards past the grace period
            bad_streak = bad_streak + 1 if t > 100 and reward < 0 else 0

            # reward full throttle a little more
            if action[1] == 1 and action[2] == 0:
                reward *= 1.5

            ep_return += reward

            frame = process_state_image(frame)
            recent.append(frame)
            stack_next = generate_state_frame_stack_from_queue(recent)

            driver.memorize(stack_now, action, reward, stack_next, done)

            if done or bad_streak >= 25 or ep_return < 0:
                print('Ep {}/{} | frames {} | return {:.2} | eps {:.2}'.format(ep, LAST_EPISODE, t, float(ep_return), float(driver.epsilon)))
                break
            if len(driver.memory) > REPLAY_BATCH:
                driver.replay(REPLAY_BATCH)
            t += 1

        if ep % TARGET_SYNC_EVERY == 0:
            driver.update_target_model()

        if ep % SAVE_EVERY == 0:
            driver.save('./save/ep_{}.h5'.format(ep))

    env.close()
