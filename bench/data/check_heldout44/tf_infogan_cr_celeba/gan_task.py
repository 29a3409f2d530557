from gpu_task_scheduler.gpu_task import GPUTask


class FaceGANJob(GPUTask):
    def main(self):
        import os
        import tensorflow as tf
        from gan.load_data import read_faces
        from gan.latent import UniformLatent, JointLatent
        from gan.network import Decoder, InfoGANDiscriminator, \
            CrDiscriminator
        from gan.infogan_cr import INFOGAN_CR

        faces = read_faces("data/celeba")
        _, h, w, ch = faces.shape

        codes = []

        for k in range(self._config["uniform_reg_dim"]):
            codes.append(UniformLatent(
                in_dim=1, out_dim=1, low=-1.0, high=1.0, q_std=1.0,
                apply_reg=True))
        if self._config["uniform_not_reg_dim"] > 0:
            codes.append(UniformLatent(
                in_dim=self._config["uniform_not_reg_dim"],
                out_dim=self._config["uniform_not_reg_dim"],
                low=-1.0, high=1.0, q_std=1.0,
                apply_reg=False))
        joint = JointLatent(latent_list=codes)

        dec = Decoder(
            output_width=w, output_height=h, output_depth=ch)
        info_d = \
            InfoGANDiscriminator(output_length=joint.reg_out_dim)
        cr_d = \
            CrDiscriminator(output_length=joint.num_reg_latent)

        ckpt_dir = os.path.join(self._work_dir, "checkpoint")
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        sample_dir = os.path.join(self._work_dir, "sample")
        if not os.path.exists(sample_dir):
            os.makedirs(sample_dir)
        timing_file = os.path.join(self._work_dir, "time.txt")
        metric_file = os.path.join(self._work_dir, "metric.csv")

        sess_cfg = tf.ConfigProto()
        with tf.Session(config=sess_cfg) as sess:
            callbacks = []
            model = INFOGAN_CR(
                sess=sess,
                checkpoint_dir=ckpt_dir,
                sample_dir=sample_dir,
                time_path=timing_file,
                epoch=self._config["epoch"],
                batch_size=self._config["batch_size"],
                data=faces,
                vis_freq=self._config["vis_freq"],
                vis_num_sample=self._config["vis_num_sample"],
                vis_num_rep=self._config["vis_num_rep"],
                latent=joint,
                decoder=dec,
                infoGANDiscriminator=info_d,
                crDiscriminator=cr_d,
                gap_start=self._config["gap_start"],
                gap_decrease_times=self._config["gap_decrease_times"],
                gap_decrease=self._config["gap_decrease"],
                gap_decrease_batch=self._config["gap_decrease_batch"],
                cr_coe_start=self._config["cr_coe_start"],
                cr_coe_increase_times=self._config["cr_coe_increase_times"],
                cr_coe_increase=self._config["cr_coe_increase"],
                cr_coe_increase_batch=self._config["cr_coe_increase_batch"],
                info_coe_de=self._config["info_coe_de"],
                info_coe_infod=self._config["info_coe_infod"],
                metric_callbacks=callbacks,
                metric_freq=self._config["metric_freq"],
                metric_path=metric_file,
                output_reverse=self._config["output_reverse"],
                de_lr=self._config["de_lr"],
                infod_lr=self._config["infod_lr"],
                crd_lr=self._config["crd_lr"],
                summary_freq=self._config["summary_freq"])
            model.build()
            model.train()
