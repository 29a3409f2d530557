import argparse
import os.path
from pprint import pprint

from src.config import DinConfig
from src.trainer import RunArguments, DinTrainer

DATA_ROOT = os.path.join(os.path.dirname(__file__), "data")


def read_cli():
    cli = argparse.ArgumentParser()
    cli.add_argument("--train_data_path", type=str,
                        default=os.path.join(DATA_ROOT, "train_data.parquet"))
    cli.add_argument("--test_data_path", type=str,
                        default=os.path.join(DATA_ROOT, "test_data.parquet"))
    cli.add_argument("--log_dir", type=str, default=os.path.join(os.path.dirname(__file__), "logs"))
    cli.add_argument("--max_len", type=int, default=100,
                        help="At most this many past items enter the attention.")
    cli.add_argument("--num_users", type=int, default=192403)
    cli.add_argument("--num_materials", type=int, default=63001)
    cli.add_argument("--num_categories", type=int, default=801)
    cli.add_argument("--embedding_dim", type=int, default=64)
    cli.add_argument("--lau_hidden_sizes", nargs="+", required=True,
                        help="Hidden widths of the attention unit.")
    cli.add_argument("--lau_activation_layer", type=str, default="Sigmoid")
    cli.add_argument("--mlp_hidden_sizes", nargs="+", required=True,
                        help="Hidden widths of the final scoring MLP.")
    cli.add_argument("--mlp_activation_layer", type=str, default="LeakyReLU")
    cli.add_argument("--num_epochs", type=int, default=20)
    cli.add_argument("--batch_size", type=int, default=2048)
    cli.add_argument("--learning_rate", type=float, default=1e-3)
    cli.add_argument("--adam_beta1", type=float, default=0.5)
    cli.add_argument("--adam_beta2", type=float, default=0.99)
    cli.add_argument("--logging_steps", type=int, default=10)
    cli.add_argument("--evaluate_steps", type=int, default=500)

    return cli.parse_args()


if __name__ == "__main__":
    opts = read_cli()
    pprint(vars(opts))
    din_cfg = DinConfig(num_users=opts.num_users,
                             num_materials=opts.num_materials,
                             num_categories=opts.num_categories,
                             embedding_dim=opts.embedding_dim,
                             lau_hidden_sizes=list(map(lambda x: int(x), opts.lau_hidden_sizes)),
                             lau_activation_layer=opts.lau_activation_layer,
                             mlp_hidden_sizes=list(map(lambda x: int(x), opts.mlp_hidden_sizes)),
                             mlp_activation_layer=opts.mlp_activation_layer)

    run_cfg = RunArguments(model_config=din_cfg,
                                      train_data_path=opts.train_data_path,
                                      test_data_path=opts.test_data_path,
                                      log_dir=opts.log_dir,
                                      max_len=opts.max_len,
                                      num_epochs=opts.num_epochs,
                                      batch_size=opts.batch_size,
                                      learning_rate=opts.learning_rate,
                                      adam_beta1=opts.adam_beta1,
                                      adam_beta2=opts.adam_beta2,
                                      logging_steps=opts.logging_steps,
                                      evaluate_steps=opts.evaluate_steps)

    din_trainer = DinTrainer(run_args=run_cfg)
    din_trainer.train()
