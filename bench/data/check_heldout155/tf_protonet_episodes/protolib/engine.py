import numpy as np


class EpisodeEngine(object):
    """
    Runs epochs of episodes and calls hooks
    at fixed points of the loop.
    """
    def __init__(self):
        self.hooks = {name: lambda state: None
                      for name in ['on_start',
                                   'on_start_epoch',
                                   'on_end_epoch',
                                   'on_start_episode',
                                   'on_end_episode',
                                   'on_end']}

    def train(self, loss_func, train_loader, val_loader, epochs, n_episodes, **kwargs):
        # loop state shared with the hooks
        state = {
            'train_loader': train_loader,
            'val_loader': val_loader,
            'loss_func': loss_func,
            'sample': None,
            'epoch': 1,
            'total_episode': 1,
            'epochs': epochs,
            'n_episodes': n_episodes,
            'best_val_loss': np.inf,
            'early_stopping_triggered': False
        }

        self.hooks['on_start'](state)
        for ep in range(state['epochs']):
            self.hooks['on_start_epoch'](state)
            for k in range(state['n_episodes']):
                support, query = train_loader.get_next_episode()
                state['sample'] = (support, query)
                self.hooks['on_start_episode'](state)
                if k+1 == state['n_episodes']:
                    break
                self.hooks['on_end_episode'](state)
                state['total_episode'] += 1

            self.hooks['on_end_epoch'](state)
            state['epoch'] += 1

            # stop early
            if state['early_stopping_triggered']:
                print("stopping early")
                break

        self.hooks['on_end'](state)
        print("done")
