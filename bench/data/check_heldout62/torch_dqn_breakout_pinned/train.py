# train.py
import gymnasium as gym
from qagent import *
import torch
import numpy as np
import ale_py
from plots import draw_training_curves, draw_eval_curves, record_gif
import os
import logging
from settings import HParams

# logging setup
log_folder = 'runlogs'
os.makedirs(log_folder, exist_ok=True)
logging.basicConfig(
    level=logging.INFO,
    format='%(asctime)s - %(levelname)s - %(message)s',
    handlers=[
        logging.FileHandler(os.path.join(log_folder, 'run.log')),
        logging.StreamHandler()  # echo to the terminal
    ]
)
log = logging.getLogger(__name__)

gym.register_envs(ale_py)

os.makedirs('ckpts', exist_ok=True)
os.makedirs('figs', exist_ok=True)
os.makedirs('gifs', exist_ok=True)

run_stats = RunStats()

def assess(learner, env, n_games=HParams.eval_episodes, probe_states=None):
    """
    Plays greedy games and measures Q on the probe states.
    """
    learner.online.eval()  # inference mode for batchnorm
    scores = []
    
    for _ in range(n_games):
        obs, _ = env.reset()
        obs = torch.tensor(obs.__array__(), device=device).float() / 255.0
        over = False
        score = 0
        while not over:
            # greedy play during assessment
            with torch.no_grad():
                act = learner.online(obs.unsqueeze(0)).max(1)[1].view(1, 1)
            
            nxt, rew, terminated, truncated, _ = env.step(act.item())
            nxt_obs = torch.tensor(nxt.__array__(), device=device).float() / 255.0
            over = terminated or truncated
            obs = nxt_obs
            score += rew
        scores.append(score)

    mean_score = np.mean(scores)
    std_score = np.std(scores)
    
    # mean max Q over the fixed probe states
    probe_q = 0
    if probe_states is not None:
        with torch.no_grad():
            q_all = learner.online(probe_states)
            probe_q = q_all.max(1)[0].mean().item()

    learner.online.train()  # back to training mode
    return mean_score, std_score, probe_q

def build_env():
    env = gym.make(
        "ALE/Breakout-v5",
        render_mode="rgb_array",
        full_action_space=False,
        frameskip=1
        
    )
    env = PressFireOnReset(env)
    env = gym.wrappers.AtariPreprocessing(
        env,
        frame_skip=4,
        screen_size=84,
        terminal_on_life_loss=False,  
        grayscale_obs=True
    )
    env = gym.wrappers.FrameStackObservation(env, 4)
    return env

def main_loop():
    env = build_env()
    test_env = build_env()  # separate env for assessment
    learner = Learner(in_shape=(4, 84, 84), n_actions=env.action_space.n)
    
    # schedule
    eps_hi = HParams.epsilon_start
    eps_lo = HParams.epsilon_min
    eps_span = HParams.epsilon_decay  # linear decay length
    steps = 0
    sync_every = HParams.update_target
    warmup = HParams.ReplayBufferCapacity // 10  # learn once a tenth of memory is filled
    assess_every = HParams.eval_freq  # steps between assessments
    next_assess = assess_every
    
    # probe states for tracking Q, as in the Nature paper
    log.info("Gathering probe states...")
    probe_list = []
    obs, _ = test_env.reset()
    for _ in range(10000):  # 10k probe states
        act = test_env.action_space.sample()
        nxt, _, terminated, truncated, _ = test_env.step(act)
        probe_t = torch.tensor(nxt.__array__(), device=device).float() / 255.0
        probe_list.append(probe_t)
        if terminated or truncated:
            nxt, _ = test_env.reset()
            probe_t = torch.tensor(nxt.__array__(), device=device).float() / 255.0
    probe_states = torch.stack(probe_list).to(device)
    log.info(f"Gathered {len(probe_states)} probe states.")

    # warm up the memory
    log.info("Warming up memory...")
    obs, _ = env.reset()
    obs = torch.tensor(obs.__array__(), device=device).float() / 255.0  # scale once
    
    while len(learner.memory) < warmup:
        act = env.action_space.sample()
        nxt, rew, terminated, truncated, _ = env.step(act)
        nxt_obs = torch.tensor(nxt.__array__(), device=device).float() / 255.0
        over = terminated or truncated
        
        # clip reward to {-1,0,1}
        r_clip = np.sign(rew) if rew != 0 else 0
        learner.memory.push(
            obs.cpu(),
            act,
            r_clip,  
            nxt_obs.cpu(),
            over
        )
        obs = nxt_obs if not over else torch.tensor(env.reset()[0].__array__(), 
                                             device=device).float() / 255.0
    
    # learning
    log.info("Learning...")
    game = 0
    assess_log = []
    while True:
        obs, _ = env.reset()
        obs = torch.tensor(obs.__array__(), device=device).float() / 255.0
        game_score = 0
        over = False
        game_qs = []
        game_losses = []
        
        while not over:
            steps += 1
            eps = max(eps_lo, eps_hi - (eps_hi - eps_lo) * (steps / eps_span))
            
            act = learner.act(obs.unsqueeze(0), eps)
            
            with torch.no_grad():
                q_now = learner.online(obs.unsqueeze(0)).max().item()
                game_qs.append(q_now)
            
            nxt, rew, terminated, truncated, _ = env.step(act.item())
            nxt_obs = torch.tensor(nxt.__array__(), device=device).float() / 255.0
            over = terminated or truncated
            
            # clip reward to {-1,0,1}
            r_clip = np.sign(rew) if rew != 0 else 0
            
            learner.memory.push(
                obs.cpu(),
                act.item(),
                r_clip,  
                nxt_obs.cpu(),
                over
            )
            
            loss = learner.learn()
            if loss is not None:
                game_losses.append(loss)
            
            if steps % sync_every == 0:
                learner.sync_frozen()
            
            # --- periodic assessment ---
            if steps ==0 or (steps % assess_every == 0):
                mean_score, std_score, probe_q = assess(
                    learner, test_env, n_games=30, probe_states=probe_states
                )
                log.info(f"\n--- Assessment at step {steps} ---")
                log.info(f"    Mean score: {mean_score:.2f} +/- {std_score:.2f}")
                log.info(f"    Mean max Q: {probe_q:.2f}")
                log.info(f"------------------------------------")
                
                assess_log.append({
                    'step': steps,
                    'score_mean': mean_score,
                    'score_std': std_score,
                    'q_mean': probe_q,
                    'q_std': 0 # not computed
                })
                
                # refresh the assessment figure
                draw_eval_curves(assess_log, save_dir='/figs/assess')

                next_assess += assess_every

            obs = nxt_obs
            game_score += rew
        
        mean_q = np.mean(game_qs) if game_qs else 0
        mean_loss = np.mean(game_losses) if game_losses else 0
        
        run_stats.log_episode(game_score, mean_q, mean_loss, eps)
        summary = run_stats.get_metrics()
        log.info(f"Game {game}, Score: {game_score}, Eps: {eps:.3f}, "
              f"Mean Q: {mean_q:.2f}, Loss: {mean_loss:.4f}, Steps: {steps}, "
              f"Frames: {steps * 4}, Mean score (100): {summary['score_mean_100']:.2f}")
        
        if game > 0 and game % 10 == 0:
            draw_training_curves(run_stats, save_dir='figs/train')
        
        # gif of the current agent
        if game > 0 and game % HParams.video_save_freq == 0:
            gif_path = f"gifs/game_{game}.gif"
            record_gif(learner, test_env, gif_path)
        
        game += 1

if __name__ == "__main__":
    main_loop()
