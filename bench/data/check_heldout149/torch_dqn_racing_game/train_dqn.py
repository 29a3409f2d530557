"""
Training loop for the Q-learning driver of the top-down racing game.
"""
import torch
import wandb
from agent_dqn import QDriver
from game_env import Environment
from utils.helper import calc_mean
from utils.dataclass_helper import Args

if __name__ == "__main__":

    dev = torch.device(
        "cuda" if torch.cuda.is_available() else
        "mps" if torch.backends.mps.is_available() else
        "cpu"
    )

    dev = "cpu"
    run_count = 0

    grid = Args(
        batch_size=[256],
        gamma=[0.99],
        tau=[0.005],
        lr=[1e-3],
        episodes=[6000],
        eps_start=[0.9],
        eps_end=[0.1],
        eps_decay=[1000],
        n_actions=[4],
        n_observations=[9],
        game_map= ["track 3"],
        architecture="2 layer 64",
        loss_function="",
        start_pos= ["random"]
    )

    for combo in grid.check_and_iterate_combinations():
        print(combo)
        batch_size, gamma, tau, lr, episodes, eps_start, eps_end, eps_decay, n_actions, n_observations, game_map, start_pos = combo

        wandb.init(
            project = "racer_dqn_sweep",
            name = f"run_{game_map}_{start_pos}",
            config={"batch_size": batch_size,
                    "gamma": gamma,
                    "eps_decay": eps_decay,
                    "tau": tau,
                    "lr": lr,
                    "episodes": episodes,
                    "eps_start": eps_start,
                    "eps_end": eps_end,
                    "n_actions": n_actions,
                    "n_observations": n_observations,
                    "network_architecture": grid.architecture,
                    "loss_function": grid.loss_function,
                    "map": game_map,
                    }
        )

        run_count += 1
        keep_playing = True
        returns = []
        N_CARS = 1

        driver = QDriver(dev, batch_size, n_observations, n_actions, gamma, eps_end, eps_start, eps_decay, lr, tau)
        env = Environment("ai", game_map, start_pos, N_CARS)

        for ep in range(0, episodes):
            obs = env.reset()
            obs = torch.tensor(obs, dtype=torch.float32, device=dev).unsqueeze(0)
            obs = obs[0]
            steps = 0
            ep_return = 0
            
            # idea: cap by step count instead of a flag
            while keep_playing:
                steps += 1
                act = driver.select_action(obs, env, training=True)
                new_obs, rew, crashed, cut = env.step([act.item()])[0]
                new_obs = new_obs[0]
                ep_return += rew

                if ep_return == 0 and steps == 300 or steps == 10000:
                    cut = True
                
                rew = torch.tensor([rew], device=dev)
                over = crashed or cut

                if crashed:
                    nxt = None
                else:
                    nxt = torch.tensor(new_obs, dtype=torch.float32, device=dev).unsqueeze(0)
                
                driver.push_memory(obs, act, nxt, rew)
                obs = nxt
                driver.optimize_model()
                driver.update_param()

                if over:
                    returns.append(ep_return)
                    avg = calc_mean(returns)
                    print("return", ep_return, "steps", steps, "avg_return", avg)
                    wandb.log({"reward": ep_return, "epi_durations": steps, "mean_score": avg})
                    break
            
            if ep_return >= 180 or avg >= 80:
                tag = str(ep_return) + "_" + str(avg)
                driver.save(tag, game_map, start_pos)
        wandb.finish()
