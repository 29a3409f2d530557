import warnings

import src.callbacks as cbs
import src.configuration as setup
import src.models as models
import src.utils as utils

from catalyst.dl import SupervisedRunner

from pathlib import Path

if __name__ == "__main__":
    warnings.filterwarnings("ignore")

    args = utils.get_parser().parse_args()
    config = utils.load_config(args.config)

    glob = config["globals"]

    run_dir = Path(glob["run_dir"])
    run_dir.mkdir(exist_ok=True, parents=True)
    logger = utils.get_logger(run_dir / "train.log")

    utils.set_seed(glob["seed"])
    device = setup.get_device(glob["device"])

    df, datadir = setup.get_metadata(config)
    folder = setup.get_split(config)

    for i, (fit_rows, hold_rows) in enumerate(
            folder.split(df, y=df["ebird_code"])):
        if i not in glob["folds"]:
            continue
        logger.info("-" * 30)
        logger.info(f"cv split {i}")
        logger.info("-" * 30)

        fit_df = df.loc[fit_rows, :].reset_index(drop=True)
        hold_df = df.loc[hold_rows, :].reset_index(drop=True)

        loaders = {
            phase: setup.get_loader(part, datadir, config, phase)
            for part, phase in zip([fit_df, hold_df], ["train", "valid"])
        }
        model = models.get_model(config).to(device)
        criterion = setup.get_criterion(config).to(device)
        optimizer = setup.get_optimizer(model, config)
        scheduler = setup.get_scheduler(optimizer, config)
        callbacks = cbs.get_callbacks(config)

        runner = SupervisedRunner(
            device=device,
            input_key=glob["input_key"],
            input_target_key=glob["input_target_key"])
        runner.train(
            model=model,
            criterion=criterion,
            loaders=loaders,
            optimizer=optimizer,
            scheduler=scheduler,
            num_epochs=glob["num_epochs"],
            verbose=True,
            logdir=run_dir / f"fold{i}",
            callbacks=callbacks,
            main_metric=glob["main_metric"],
            minimize_metric=glob["minimize_metric"])
