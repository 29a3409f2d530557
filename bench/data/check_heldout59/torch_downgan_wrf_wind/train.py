
from stage import PreparedRun
import hyperparams as hp
import config
from wasserstein import WGANTrainer
from mlflow_utils import log_hyperparams

import mlflow
import torch
import subprocess

def main():
    run = PreparedRun()
    torch.cuda.empty_cache()
    trainer = WGANTrainer(
        run.generator,
        run.critic,
        run.G_optimizer,
        run.C_optimizer
    )

    mlflow.set_tracking_uri(config.EXPERIMENT_PATH)
    print("mlflow tracking at: ", mlflow.get_tracking_uri())

    with mlflow.start_run(experiment_id = run.exp_id, run_name = run.tag) as active:
        # mlflow.set_tag(active.info.run_id, run.tag)
        log_hyperparams()
        trainer.train(
            run.dataloader, 
            run.testdataloader,
        ) 

    torch.cuda.empty_cache()

if __name__ == "__main__":
    # dask worker settings were tried here
    # dask.distributed.nanny["MALLOC_TRIM_THRESHOLD_"] = 0
    main()
