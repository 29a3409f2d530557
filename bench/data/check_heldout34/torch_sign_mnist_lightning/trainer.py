from lightning import Trainer


def make_trainer(trainer_kwargs, quick_run=False):
    if quick_run:
        trainer_kwargs['fast_dev_run'] = True

    return Trainer(**trainer_kwargs)